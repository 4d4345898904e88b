/** The shared link's prompts shown before a run sends them: a stranger's words reach a model only once read. */
import { PROMPT_LABELS, type PromptId, type SummaryPrompts } from '../../core/prompts';
import { collapseBlankRuns } from '../text/hiddenText';
import { VisibleText } from '../text/VisibleText';

export function LinkPromptsReview({
  presetLabel,
  withKey,
  fromLink,
  texts,
  onRun,
  onOwnPrompts,
  onCancel,
}: {
  presetLabel: string;
  /** Whether the run would send the user's key too. */
  withKey: boolean;
  fromLink: readonly PromptId[];
  /** What a model would be sent for each prompt. */
  texts: SummaryPrompts;
  onRun: () => void;
  onOwnPrompts: () => void;
  onCancel: () => void;
}) {
  return (
    <div
      className="link-prompts-review"
      role="dialog"
      aria-labelledby="link-prompts-review-title"
      data-testid="link-prompts-review"
    >
      <p id="link-prompts-review-title">
        <strong>
          This run sends the shared link&apos;s prompts to {presetLabel}, with your transcript
          {withKey ? ' and your key' : ''}.
        </strong>{' '}
        Read them first:
      </p>
      {fromLink.map((id) => (
        <section key={id}>
          <h4>{PROMPT_LABELS[id]}</h4>
          <pre className="message-text" tabIndex={0} data-testid="link-prompts-review-text">
            <VisibleText text={collapseBlankRuns(texts[id])} />
          </pre>
        </section>
      ))}
      <div className="run-buttons">
        <button type="button" className="primary" data-testid="link-prompts-run" onClick={onRun}>
          Run with the link&apos;s prompts
        </button>
        <button type="button" data-testid="link-prompts-own" onClick={onOwnPrompts}>
          Use my own prompts
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
