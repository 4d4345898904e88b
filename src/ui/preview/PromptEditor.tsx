/**
 * The prompts a compaction sends, open to edit: the system prompt and the
 * instructions for a first summary, an update and a turn prefix. Each edit is
 * saved on this device and travels in share links; the default is one click
 * away. "Extra focus" above stays the quick way to add a line to them. A
 * link's prompts are marked as the link's, apply to this visit only, and
 * whatever the box cannot show of a prompt (invisible characters, pages of
 * blank lines) is named and drawn below it.
 */
import { memo, useId, useMemo, useState } from 'react';
import {
  DEFAULT_PROMPTS,
  MAX_PROMPT_CHARS,
  PROMPT_IDS,
  PROMPT_LABELS,
  type PromptId,
} from '../../core/prompts';
import { usePrompts } from '../../state/promptStore';
import { fmt } from '../format';
import { BLANK_RUN_SHOWN, collapseBlankRuns, hiddenText, hidesAnything } from '../text/hiddenText';
import { VisibleText } from '../text/VisibleText';

/** A prompt over the limit, for the panel to refuse a run with (the text stays in its field). */
export function promptTooLong(prompts: Partial<Record<PromptId, string>>): PromptId | null {
  return PROMPT_IDS.find((id) => (prompts[id]?.length ?? 0) > MAX_PROMPT_CHARS) ?? null;
}

const HINTS: Record<PromptId, string> = {
  system: 'Sent as the system message of every summarization request.',
  initial: 'Sent after the transcript when there is no earlier summary.',
  update: 'Sent after the transcript and the previous summary, to fold new messages into it.',
  turnPrefix: 'Sent for the first part of a turn too large to keep whole (a split turn).',
};

/** "A", "A and B", "A, B and C". */
function listOf(names: string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Names what the text box hides of `text`, and shows it as it is sent; nothing when it hides nothing. */
function HiddenInPrompt({ text, label }: { text: string; label: string }) {
  const hidden = useMemo(() => hiddenText(text), [text]);
  if (!hidesAnything(hidden)) return null;
  const parts: string[] = [];
  if (hidden.invisible > 0) {
    parts.push(
      `${fmt(hidden.invisible)} invisible character${hidden.invisible === 1 ? '' : 's'} (${hidden.names.slice(0, 6).join(', ')}${hidden.names.length > 6 ? ', …' : ''})`,
    );
  }
  if (hidden.longestBlankRun >= BLANK_RUN_SHOWN) {
    parts.push(`${fmt(hidden.longestBlankRun)} blank lines in a row`);
  }
  return (
    <div className="prompt-hidden" role="alert" data-testid="prompt-hidden">
      <p>
        <strong>
          {label} holds what this box does not show: {parts.join(' and ')}.
        </strong>{' '}
        As a model is sent it:
      </p>
      <pre className="message-text" tabIndex={0}>
        <VisibleText text={collapseBlankRuns(text)} />
      </pre>
    </div>
  );
}

export const PromptEditor = memo(PromptEditorComponent);

function PromptEditorComponent({ disabled }: { disabled: boolean }) {
  const prompts = usePrompts((s) => s.prompts);
  const fromLink = usePrompts((s) => s.fromLink);
  const { set, reset, resetAll, keepLinkPrompts, backToOwnPrompts } = usePrompts.getState();
  const [which, setWhich] = useState<PromptId>('initial');
  const ids = { which: useId(), text: useId(), hint: useId() };
  const edited = PROMPT_IDS.filter((id) => prompts[id] !== undefined);
  const text = prompts[which] ?? DEFAULT_PROMPTS[which];
  const tooLong = text.length > MAX_PROMPT_CHARS;
  const blank = prompts[which] !== undefined && !text.trim();
  return (
    <details
      className="prompt-editor"
      data-testid="prompt-editor"
      open={edited.length > 0 || fromLink.length > 0 || undefined}
    >
      <summary>
        Summarization prompt{' '}
        <span className="muted small" data-testid="prompt-status">
          {fromLink.length
            ? `${fromLink.length} from the link: ${fromLink.map((id) => PROMPT_LABELS[id]).join(', ')}`
            : edited.length
              ? `${edited.length} edited: ${edited.map((id) => PROMPT_LABELS[id]).join(', ')}`
              : 'defaults'}
        </span>
      </summary>
      {fromLink.length > 0 && (
        <div className="link-banner info prompt-link" data-testid="prompt-link">
          <span>
            The shared link brought {listOf(fromLink.map((id) => PROMPT_LABELS[id]))}.{' '}
            {fromLink.length === 1 ? 'It applies' : 'They apply'} to this visit only, and Run shows{' '}
            {fromLink.length === 1 ? 'it' : 'them'} to you before a model is sent{' '}
            {fromLink.length === 1 ? 'it' : 'them'}; your own prompts stay saved.
          </span>
          <span className="prompt-link-actions">
            <button
              type="button"
              data-testid="prompt-keep-link"
              disabled={disabled}
              onClick={keepLinkPrompts}
            >
              Keep these prompts
            </button>
            <button type="button" data-testid="prompt-use-own" disabled={disabled} onClick={backToOwnPrompts}>
              Use my own prompts
            </button>
          </span>
        </div>
      )}
      <div className="prompt-row">
        <label htmlFor={ids.which}>Prompt</label>
        <select
          id={ids.which}
          data-testid="prompt-which"
          value={which}
          onChange={(e) => setWhich(e.target.value as PromptId)}
        >
          {PROMPT_IDS.map((id) => (
            <option key={id} value={id}>
              {PROMPT_LABELS[id]}
              {fromLink.includes(id) ? ' (from the link)' : prompts[id] !== undefined ? ' (edited)' : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          data-testid="prompt-reset"
          disabled={disabled || prompts[which] === undefined}
          onClick={() => reset(which)}
        >
          Restore default
        </button>
        <button type="button" disabled={disabled || edited.length === 0} onClick={resetAll}>
          Restore all
        </button>
      </div>
      <label htmlFor={ids.text} className="visually-hidden">
        {PROMPT_LABELS[which]}
      </label>
      <textarea
        id={ids.text}
        data-testid="prompt-text"
        value={text}
        disabled={disabled}
        spellCheck={false}
        rows={10}
        aria-describedby={ids.hint}
        aria-invalid={tooLong || blank}
        onChange={(e) => set(which, e.target.value)}
      />
      <p id={ids.hint} className="muted small">
        {fromLink.includes(which) && (
          <strong className="from-link" data-testid="prompt-from-link">
            From the shared link, for this visit only.{' '}
          </strong>
        )}
        {HINTS[which]} {fmt(text.length)} / {fmt(MAX_PROMPT_CHARS)} characters.{' '}
        {fromLink.includes(which)
          ? 'Not saved on this device unless you keep it.'
          : 'Saved on this device and carried by share links; never secret.'}
      </p>
      <HiddenInPrompt text={text} label={PROMPT_LABELS[which]} />
      {tooLong && (
        <p className="field-error" role="alert" data-testid="prompt-error">
          {PROMPT_LABELS[which]} is {fmt(text.length - MAX_PROMPT_CHARS)} characters over the limit: shorten
          it to run a preview.
        </p>
      )}
      {blank && (
        <p className="muted small" data-testid="prompt-blank">
          An empty prompt sends the default.
        </p>
      )}
    </details>
  );
}
