/**
 * The ledger of one recorded compaction: what it lost first, then what it
 * kept, each fact a button that shows the context holding its message and
 * selects it; the files read again after it; what it cost and whether it
 * paid for itself; and the summary it wrote, as text. The worker computed
 * all of it (`src/worker/ledger.ts`); see docs/ledger.md for the rules.
 */
import { useEffect, useRef } from 'react';
import { revealBelowNumbers } from '../revealBelowNumbers';
import type { Settings } from '../../core/settings';
import type { StrategyAtCompaction } from '../../core';
import { useTimeline } from '../../state/timelineStore';
import { useUi } from '../../state/uiStore';
import type { LedgerEntryView, LedgerFactView, LedgerTarget, LedgerView } from '../../worker/protocol';
import { fmt } from '../format';
import { STRATEGY_LABELS } from '../labels';
import { useDebounced } from '../useDebounced';

/** Settings typed in a row compare once, when the typing pauses. */
const COMPARE_QUIET_MS = 250;

const n = (value: number | null) => (value === null ? '–' : fmt(value));
const usd = (value: number | null) => (value === null ? '–' : `$${value.toFixed(value < 0.01 ? 4 : 2)}`);

/** Shows the context that holds the message, then selects it there. */
function useGoTo() {
  const pin = useTimeline((s) => s.pin);
  const select = useUi((s) => s.select);
  return async (target: LedgerTarget) => {
    await pin(target.call);
    select(target.row, true);
  };
}

function FactList({ facts, kept }: { facts: { kind: string; list: LedgerFactView[] }[]; kept: boolean }) {
  const goTo = useGoTo();
  const shown = facts.filter((f) => f.list.length > 0);
  if (shown.length === 0) return <p className="muted">{kept ? 'Nothing kept.' : 'Nothing lost.'}</p>;
  return (
    <dl className="ledger-facts">
      {shown.map(({ kind, list }) => (
        <div key={kind}>
          <dt>
            {kind} ({list.length})
          </dt>
          <dd>
            <ul>
              {list.map((f, i) => (
                <li key={i}>
                  <button
                    type="button"
                    data-testid="ledger-fact"
                    data-kept={kept}
                    data-kind={kind}
                    disabled={!f.target}
                    title={
                      f.target
                        ? `Show message ${fmt(f.atMessage + 1)} in the context it was sent in`
                        : 'No call was sent this message'
                    }
                    onClick={() => f.target && void goTo(f.target)}
                  >
                    {f.text}
                  </button>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CostLine({ entry }: { entry: LedgerEntryView }) {
  const c = entry.cost;
  const verdict =
    c.paidForItself === null ? null : c.paidForItself ? 'It paid for itself.' : 'It did not pay for itself.';
  return (
    <p data-testid="ledger-cost">
      Cost {usd(c.usd)}: the summary call read {n(c.summaryInputTokens)} tokens and wrote{' '}
      {n(c.summaryOutputTokens)}; the next call wrote {n(entry.cacheWriteAfter)} tokens to the cache. It saved{' '}
      {n(c.savedTokens)} tokens ({usd(c.savedUsd)}) over the {fmt(entry.callsUntilNext)} calls until the next
      compaction. {verdict ?? `No list price for the session's model: amounts in tokens only.`}
    </p>
  );
}

/** Where a strategy cut the context the agent had, in the figures `audit --json` gives. */
function cutOf(s: StrategyAtCompaction, contextMessages: number): string {
  if (s.tokensAfter === null) return 'nothing to compact';
  const kept = s.keptMessages >= contextMessages ? `all ${fmt(s.keptMessages)}` : fmt(s.keptMessages);
  if (s.summarizedMessages === 0) return `summarizes none, keeps ${kept}`;
  if (s.summarizedMessages >= contextMessages)
    return s.keptMessages > 0 ? `summarizes all, keeps ${kept}` : 'summarizes all';
  return `summarizes ${fmt(s.summarizedMessages)}, keeps ${kept}`;
}

/**
 * What each strategy would have left in place of this compaction: asked of
 * the worker when the panel opens (the offline summarizer, these settings),
 * shown when it answers. The agent's own summary comes first, for comparison.
 */
function StrategiesAt({ entry, settings }: { entry: LedgerEntryView; settings: Settings }) {
  const compareAt = useTimeline((s) => s.compareAt);
  const strategies = useTimeline((s) => s.strategies);
  const quiet = useDebounced(settings, COMPARE_QUIET_MS);
  useEffect(() => {
    void compareAt(entry.index, quiet);
  }, [compareAt, entry.index, quiet]);
  const agentAll = entry.facts.reduce((sum, f) => sum + f.kept.length + f.lost.length, 0);
  const agentKept = entry.facts.reduce((sum, f) => sum + f.kept.length, 0);
  const data = strategies?.status === 'ready' ? strategies.data : null;
  const mine = data && data.compaction === entry.index ? data : null;
  return (
    <>
      <h3>At the same moment</h3>
      {!mine && strategies?.status === 'error' ? (
        <p className="error" role="alert">
          The strategies could not be compared: {strategies.error}
        </p>
      ) : !mine ? (
        <p className="muted" role="status" data-testid="ledger-strategies-loading">
          Comparing the strategies…
        </p>
      ) : (
        <table className="ledger-strategies" data-testid="ledger-strategies">
          <caption>
            What the strategies would have left at the same moment: each compacts the{' '}
            {fmt(mine.contextMessages)} messages the agent had, with the offline summarizer and these settings
          </caption>
          <thead>
            <tr>
              <th scope="col">strategy</th>
              <th scope="col">cut</th>
              <th scope="col">tokens after</th>
              <th scope="col">facts kept</th>
            </tr>
          </thead>
          <tbody>
            <tr data-strategy="agent">
              <th scope="row">the agent's own summary</th>
              <td>summarizes {fmt(entry.summarized.messages)}</td>
              <td>{n(entry.tokensAfter)}</td>
              <td>
                {fmt(agentKept)}/{fmt(agentAll)}
              </td>
            </tr>
            {mine.strategies.map((s) => (
              <tr key={s.strategy} data-strategy={s.strategy}>
                <th scope="row" title={STRATEGY_LABELS[s.strategy]}>
                  {s.strategy}
                </th>
                <td>{cutOf(s, mine.contextMessages)}</td>
                <td>{n(s.tokensAfter)}</td>
                <td>
                  {fmt(s.facts.all - s.facts.lost)}/{fmt(s.facts.all)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
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
