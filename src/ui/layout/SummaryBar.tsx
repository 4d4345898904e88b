/** The summary bar: messages, tokens, what the request holds besides them, the verdict and the cut. */
import { describeVerdict, ifItFired } from '../../core/explain';
import { LIKELY_MISSING_RATIO } from '../../core/unseen';
import { fmt } from '../format';
import { revealBelowNumbers } from '../revealBelowNumbers';
import type { PageAnalysis } from '../useAnalysis';
import { CutSummary } from './CutSummary';

/** Brings the strategy list into view and focus: the verdict names the strategy it speaks for. */
function showStrategyField() {
  const field = document.querySelector<HTMLElement>('[data-testid="setting-strategy"]');
  if (!field) return;
  revealBelowNumbers(field, { always: true });
  field.focus();
}

/**
 * The verdict, after the strategy it speaks for (a button to the list that
 * changes it: the list itself sits below the first screen), and, when it
 * does not fire, what it would do if it did: the strip and the list show
 * that cut, and say "would" too.
 */
export function Verdict({ analysis }: { analysis: PageAnalysis }) {
  const would = ifItFired({ ...analysis, messages: analysis.view.roles.length });
  return (
    <span className="verdict-line">
      <span className="muted">strategy</span>
      <button
        type="button"
        className="verdict-strategy"
        data-testid="verdict-strategy"
        title="The strategy this verdict is for: change it"
        onClick={showStrategyField}
      >
        {analysis.settings.strategy}
      </button>
      <span data-testid="verdict" className={`verdict ${analysis.shouldCompact ? 'fires' : 'quiet'}`}>
        {describeVerdict(analysis)}
      </span>
      {would && (
        <span className="verdict-would" data-testid="verdict-would">
          {would}
        </span>
      )}
    </span>
  );
}

/**
 * What the request holds besides the messages, each a named figure, and the
 * sum the verdict compares: the rows alone are not what the agent sends.
 */
function ContextParts({ analysis }: { analysis: PageAnalysis }) {
  const { framingTokens, unseenTokens, unseenSource, contextTokens, totalTokens } = analysis;
  if (contextTokens === totalTokens) return null;
  const inferred = unseenSource === 'recorded-usage';
  const lab = unseenSource === 'lab';
  return (
    <span data-testid="context-parts">
      {framingTokens > 0 && (
        <span title="The request's own framing around the list of messages">
          <span className="muted">+ </span>
          <span data-testid="framing-tokens">{fmt(framingTokens)}</span>
          <span className="muted"> framing </span>
        </span>
      )}
      {unseenTokens > 0 && (
        <span
          title={
            inferred
              ? "Inferred: what the newest call's recorded usage holds beyond the file's messages (system prompt and tools, and whatever else the file misses)"
              : lab
                ? 'System prompt and tool definitions this agent version sends, measured by the conformance lab: every request holds them, the file does not'
                : 'System prompt and tool definitions, as set in the settings: every request holds them, the file does not'
          }
        >
          <span className="muted">+ </span>
          <span data-testid="unseen-tokens" data-source={unseenSource}>
            {fmt(unseenTokens)}
          </span>
          <span className="muted" data-testid="unseen-label">
            {inferred
              ? ' not explained by the file (inferred) '
              : lab
                ? ' system prompt and tools (measured by the lab) '
                : ' system prompt and tools (set) '}
          </span>
        </span>
      )}
      <span className="muted">= </span>
      <strong data-testid="context-tokens">{fmt(contextTokens)}</strong>
      <span className="muted"> in context</span>
    </span>
  );
}

/** Said when the inferred part dwarfs the messages: the file likely misses part of the conversation. */
function MissingNote({ analysis }: { analysis: PageAnalysis }) {
  const { unseenSplit, totalTokens } = analysis;
  if (!unseenSplit.likelyMissing) return null;
  return (
    <span role="note" className="missing-note" data-testid="unseen-missing">
      The inferred {fmt(unseenSplit.inferredTokens ?? 0)} is over {LIKELY_MISSING_RATIO}× the{' '}
      {fmt(totalTokens)} in messages: the file likely misses part of the conversation (a sub-agent&apos;s
      turns, dropped messages).
    </span>
  );
}

export function SummaryBar({ analysis }: { analysis: PageAnalysis }) {
  const { view } = analysis;
  return (
    <div className="summary-bar" aria-label="Transcript summary">
      <span>
        <strong data-testid="message-count">{fmt(view.roles.length)}</strong>{' '}
        <span className="muted">messages</span>
      </span>
      <span>
        <strong data-testid="total-tokens">{fmt(analysis.totalTokens)}</strong>{' '}
        <span className="muted" data-testid="total-tokens-unit">
          tokens in messages ({view.tokenizer}
          {view.scale !== 1 ? ` × ${view.scale}` : ''})
        </span>
      </span>
      <ContextParts analysis={analysis} />
      <MissingNote analysis={analysis} />
      <Verdict analysis={analysis} />
      <CutSummary analysis={analysis} />
    </div>
  );
}
