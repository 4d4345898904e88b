/** The field for what every request holds that the file does not show (system prompt, tools). */
import { memo, useState } from 'react';
import { describeLabMeasured, type LabMeasured } from '../../core/harness/measured';
import type { UnseenSource, UnseenSplit } from '../../core/unseen';
import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';

/** Where the figure in force came from, in the field's note. */
function sourceNote(source: UnseenSource, tokens: number, measured: number | null): string {
  switch (source) {
    case 'recorded-usage':
      return `not explained by the file, inferred from its newest call's usage: ${fmt(tokens)} tokens`;
    case 'lab':
      return `measured by the lab for this agent version: ${fmt(tokens)} tokens (type a size to replace it)`;
    case 'setting':
      return measured === null
        ? 'typed; empty leaves it to the file'
        : `typed; the file's usage measures ${fmt(measured)} (empty to use it)`;
    case 'none':
      return 'none: the file records no usage to measure it from; type it if you know it';
  }
}

/**
 * What is known of the part (a system prompt the file records, the size
 * typed) apart from what is only inferred (usage the messages do not
 * explain), and the newest call the inference comes from.
 */
function SplitNote({ split, lab }: { split: UnseenSplit; lab: LabMeasured | undefined }) {
  const known =
    split.knownSource === 'setting'
      ? `${fmt(split.knownTokens)} as typed`
      : split.knownSource === 'lab' && lab
        ? describeLabMeasured(lab)
        : split.knownSource === 'file'
          ? `${fmt(split.knownTokens)}, the file's system messages (counted with the messages)`
          : 'none recorded in the file';
  return (
    <ul className="field-note muted unseen-split" data-testid="unseen-split">
      <li data-testid="unseen-known">System prompt and tools (known): {known}</li>
      {split.inferredTokens !== null && (
        <li data-testid="unseen-inferred">
          Not explained by the file (inferred): {fmt(split.inferredTokens)}: the system prompt and tools the
          file does not record, and whatever else it misses (cache, dropped messages, sub-agents)
        </li>
      )}
      {split.lastCallTokens !== null && (
        <li data-testid="last-call">
          Newest call sent {fmt(split.lastCallTokens)} (input + cache read + cache creation), as{' '}
          <code>statusline</code> shows it
        </li>
      )}
    </ul>
  );
}

/**
 * The part of every request the transcript does not show: an agent's system
 * prompt and tool definitions. Claude Code records its usage per call, so the
 * page measures it; other files do not, so the user can say it. Empty means
 * "let the file's usage decide". The note names the source of the figure in
 * force, so a verdict that counts it never hides where it came from.
 */
export const UnseenField = memo(UnseenFieldComponent);

function UnseenFieldComponent({
  typed,
  refusal,
  source,
  tokens,
  measured,
  split,
  lab,
}: {
  /** The setting as typed: null leaves it to the file. */
  typed: number | null;
  refusal?: string;
  source: UnseenSource;
  /** The figure in force. */
  tokens: number;
  /** What the file's usage measures, or null without usage. */
  measured: number | null;
  /** The known and inferred parts, when there is an analysis. */
  split: UnseenSplit | null;
  /** The lab's figure for the file's agent and version, when it has one (`core/harness/measured.ts`). */
  lab?: LabMeasured;
}) {
  const update = useSettings((s) => s.update);
  const [draft, setDraft] = useState<string | null>(null);
  const parse = (raw: string) => Number(raw.replaceAll(',', '').replaceAll('_', '').trim());
  const invalid = draft !== null && draft.trim() !== '' && !Number.isFinite(parse(draft));
  const shown = draft ?? (typed === null ? '' : String(typed));
  const problem = invalid ? 'Enter a whole number of tokens, or leave it empty' : (refusal ?? null);
  return (
    <div className="field">
      <label htmlFor="setting-unseen">System prompt and tools (not in the file)</label>
      <input
        id="setting-unseen"
        data-testid="setting-unseen"
        inputMode="numeric"
        value={shown}
        placeholder={measured === null ? 'none' : fmt(measured)}
        aria-invalid={problem !== null || undefined}
        aria-describedby="setting-unseen-note"
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          if (next.trim() === '') update({ unseenTokens: null });
          else if (Number.isFinite(parse(next))) update({ unseenTokens: parse(next) });
        }}
        onBlur={() => {
          if (!invalid) setDraft(null);
        }}
      />
      <div id="setting-unseen-note" className="field-note">
        {problem ? (
          <span className="field-error" data-testid="setting-error">
            {problem}
          </span>
        ) : (
          <span className="muted" data-testid="unseen-source" data-source={source}>
            {sourceNote(source, tokens, measured)}
          </span>
        )}
      </div>
      {split && <SplitNote split={split} lab={lab} />}
    </div>
  );
}
