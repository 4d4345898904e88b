/**
 * The ledger of one recorded compaction: what it lost first, then what it
 * kept, each fact a button that shows the context holding its message and
 * selects it; the files read again after it; what it cost and whether it
 * paid for itself; and the summary it wrote, as text. The worker computed
 * all of it (`src/worker/ledger.ts`); see docs/ledger.md for the rules.
 */
import { useEffect, useRef } from 'react';
import type { Settings } from '../../core/settings';
import { useTimeline } from '../../state/timelineStore';
import { revealBelowNumbers } from '../revealBelowNumbers';
import type { LedgerEntryView, LedgerView } from '../../worker/protocol';
import { fmt, plural } from '../format';
import { FactList } from './FactList';
import { costVerdict, n, usd } from './ledgerText';
import { StrategiesAt } from './StrategiesAt';
import { useGoTo } from './useGoTo';

function CostLine({ entry }: { entry: LedgerEntryView }) {
  const c = entry.cost;
  const verdict = costVerdict(c.paidForItself);
  return (
    <p data-testid="ledger-cost">
      Cost {usd(c.usd)}: the summary call read {n(c.summaryInputTokens)} tokens and wrote{' '}
      {n(c.summaryOutputTokens)}; the next call wrote {n(entry.cacheWriteAfter)} tokens to the cache. It saved{' '}
      {n(c.savedTokens)} tokens ({usd(c.savedUsd)}) over the {plural(entry.callsUntilNext, 'call')} until the
      next compaction. {verdict ?? `No list price for the session's model: amounts in tokens only.`}
    </p>
  );
}

export function LedgerPanel({ entry, settings }: { entry: LedgerEntryView; settings: Settings }) {
  const goTo = useGoTo();
  const lost = entry.facts.map((f) => ({ kind: f.kind, list: f.lost }));
  const kept = entry.facts.map((f) => ({ kind: f.kind, list: f.kept }));
  const focus = useTimeline((s) => s.ledgerFocus);
  const self = useRef<HTMLElement>(null);
  // Opened from the first screen: brought into view and focused once drawn.
  useEffect(() => {
    if (focus === 0 || !self.current) return;
    self.current.focus({ preventScroll: true });
    revealBelowNumbers(self.current, { always: true });
  }, [focus]);
  return (
    <section
      ref={self}
      tabIndex={-1}
      className="ledger-panel"
      data-testid="ledger-panel"
      aria-label={`The ledger of compaction ${entry.index + 1}`}
    >
      <p>
        Compaction {entry.index + 1} ({entry.trigger ?? 'trigger not recorded'}, {entry.source}) replaced{' '}
        {fmt(entry.summarized.messages)} messages ({fmt(entry.summarized.tokens)} tokens) with a{' '}
        {fmt(entry.summaryTokens)}-token summary; the file records {n(entry.tokensBefore)} →{' '}
        {n(entry.tokensAfter)} tokens
        {entry.durationMs !== null ? ` and ${(entry.durationMs / 1000).toFixed(1)} s` : ''}.
      </p>
      <h3>Lost</h3>
      <FactList facts={lost} kept={false} />
      <h3>Kept</h3>
      <FactList facts={kept} kept />
      <h3>Re-reads ({entry.rereads.length})</h3>
      {entry.rereads.length === 0 ? (
        <p className="muted">No file the summary stood in for was read again before the next compaction.</p>
      ) : (
        <ul className="ledger-rereads">
          {entry.rereads.map((r, i) => (
            <li key={i}>
              <button
                type="button"
                data-testid="ledger-reread"
                disabled={!r.target}
                onClick={() => r.target && void goTo(r.target)}
              >
                {r.path}
              </button>{' '}
              <span className="muted">call {r.call >= 0 ? fmt(r.call + 1) : '–'}</span>
            </li>
          ))}
        </ul>
      )}
      <CostLine entry={entry} />
      <p data-testid="ledger-bill" className="ledger-bill">
        {entry.billLine}
      </p>
      <StrategiesAt entry={entry} settings={settings} />
      <details>
        <summary>The summary it wrote</summary>
        {/* Recorded text from the file: rendered as text, never as markup. */}
        <pre className="ledger-summary" data-testid="ledger-summary">
          {entry.summary || '(no summary text recorded)'}
        </pre>
      </details>
    </section>
  );
}

/** The session's survival line and a banner for each compaction loop. */
export function LedgerOverview({ ledger }: { ledger: LedgerView }) {
  return (
    <>
      <p className="ledger-survival" data-testid="ledger-survival">
        {ledger.survivalLine}
      </p>
      <p className="ledger-survival" data-testid="ledger-bill-total">
        {ledger.billTotalLine}
      </p>
      {ledger.loops.map((l, i) => (
        <div key={i} className="ledger-loop" role="status" data-testid="ledger-loop">
          A compaction loop: compactions {l.from + 1} to {l.to + 1} ({l.compactions} in a row) with only{' '}
          {fmt(l.calls)} calls of work between them summarized {fmt(l.tokensSummarizedAgain)} tokens again
          {l.usd !== null ? `, for ${usd(l.usd)}` : ''}.
        </div>
      ))}
    </>
  );
}
