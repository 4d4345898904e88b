/**
 * The Cases view: the gold-fact cases (docs/cases.md) run under every
 * strategy in the compaction worker, by the same code as `cases DIR --json`,
 * as a chart of facts kept and a table of the command line's totals. The
 * shipped cases run when the view opens; a folder or files picked run theirs.
 */
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useCases } from '../../state/casesStore';
import { fmt, plural } from '../format';
import { compactedCell, compactedTier, rankTotals, share, usd } from './casesTable';
import { cancelCases, runCases } from './runCases';
import { GateVerdict } from './GateVerdict';
import {
  pickedBudgets,
  pickedCaseFiles,
  SHIPPED_CASES,
  shippedBudgets,
  shippedCaseFiles,
} from './shippedCases';
import './cases.css';

const CasesChart = lazy(() => import('./CasesChart'));

const SHIPPED = 'the shipped cases';

function runShipped(): Promise<void> {
  return runCases(shippedCaseFiles(), SHIPPED, shippedBudgets());
}

function runPicked(list: FileList | null, folder: boolean): void {
  if (!list?.length) return;
  const first = list[0].webkitRelativePath;
  const source =
    folder && first ? `the folder ${first.slice(0, first.indexOf('/'))}` : plural(list.length, 'file');
  void runCases(pickedCaseFiles(list), source, pickedBudgets(list));
}

function Progress() {
  const { status, progress, source, document, error } = useCases();
  if (status === 'running')
    return (
      <p data-testid="cases-progress">
        Running {source}
        {progress ? `: ${fmt(progress.done)} of ${fmt(progress.total)} runs` : '…'}{' '}
        <button type="button" onClick={cancelCases}>
          Cancel
        </button>
      </p>
    );
  if (status === 'failed')
    return (
      <p className="cases-error" role="alert" data-testid="cases-error">
        {error}
      </p>
    );
  if (status === 'cancelled') return <p aria-live="polite">Cancelled.</p>;
  if (status === 'done' && document)
    return (
      <p className="muted" data-testid="cases-done" aria-live="polite">
        {source}: {plural(document.cases.length, 'case')} under{' '}
        {plural(document.strategies.length, 'strategy', 'strategies')}, {plural(document.runs.length, 'run')},
        summarizer {document.summarizer}, {fmt(document.wallMs)} ms.
      </p>
    );
  return null;
}

function TotalsTable() {
  const document = useCases((s) => s.document);
  const ranked = useMemo(() => (document ? rankTotals(document.totals) : []), [document]);
  if (!document) return null;
  return (
    <>
      <p data-testid="cases-ranking">
        The ranking answers one question: when a strategy compacted, how many of the facts that matter did it
        keep, and at what size? Strategies that compacted in at least half their runs come first, then those
        that compacted in fewer (their share is over those few runs: marked <em>too few</em>), then those that
        never did, since doing nothing keeps every fact. Within each, the higher share of facts kept first,
        with the tokens left after beside it: more facts for more tokens is a smaller compaction, not a better
        one.
      </p>
      <p className="muted">
        Offline, a fact is kept when the compacted context still names it; a judged run with a model is the
        measure.
      </p>
      <Suspense fallback={<p className="muted">Loading the chart…</p>}>
        <CasesChart ranked={ranked} />
      </Suspense>
      <div className="cases-table-wrap">
        <table className="cases-table" data-testid="cases-table">
          <caption>
            Totals per strategy over the runs that compacted, as <code>cases --json</code> prints them
          </caption>
          <thead>
            <tr>
              <th scope="col">Strategy</th>
              <th scope="col">Compacted</th>
              <th scope="col">Facts kept</th>
              <th scope="col">Tokens after</th>
              <th scope="col">In the summary</th>
              <th scope="col">In kept messages</th>
              <th scope="col">Controls kept</th>
              <th scope="col">Probes</th>
              <th scope="col">Runs</th>
              <th scope="col">Time</th>
              <th scope="col">Cost</th>
              <th scope="col">Loops</th>
            </tr>
          </thead>
          <tbody>
            <tr className="cases-baseline" data-strategy="no compaction">
              <th scope="row">no compaction</th>
              <td>{fmt(document.baseline.runs)}</td>
              <td data-testid="cases-facts">
                {share(document.baseline.factsKept, document.baseline.factsTotal)}
              </td>
              <td>{fmt(document.baseline.tokensAfter)}</td>
              <td>-</td>
              <td>{share(document.baseline.factsKept, document.baseline.factsTotal)}</td>
              <td>{share(document.baseline.controlsKept, document.baseline.controlsTotal)}</td>
              <td>-</td>
              <td>{document.baseline.runs}</td>
              <td>-</td>
              <td>-</td>
              <td>-</td>
            </tr>
            {ranked.map((t) => (
              <tr key={t.strategy} data-strategy={t.strategy}>
                <th scope="row">{t.strategy}</th>
                <td data-testid="cases-compacted" className={`cases-${compactedTier(t)}`}>
                  {compactedCell(t)}
                  {compactedTier(t) === 'few' && <strong> too few</strong>}
                </td>
                <td data-testid="cases-facts">{share(t.factsKept, t.factsTotal)}</td>
                <td>{fmt(t.tokensAfter)}</td>
                <td>{share(t.factsInSummary, t.factsTotal)}</td>
                <td>{share(t.factsInKept, t.factsTotal)}</td>
                <td>{share(t.controlsKept, t.controlsTotal)}</td>
                <td>{share(t.probesPassed, t.probesTotal)}</td>
                <td>{t.runs}</td>
                <td>{fmt(t.summarizerMs)} ms</td>
                <td>{usd(t.costUsd)}</td>
                <td>{t.loops}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function CasesView() {
  const setOpen = useCases((s) => s.setOpen);
  const status = useCases((s) => s.status);
  useEffect(() => {
    if (useCases.getState().status === 'idle') void runShipped();
  }, []);
  return (
    <section className="panel cases" aria-labelledby="cases-title" data-testid="cases-view">
      <div className="panel-head">
        <h2 id="cases-title">Gold-fact cases</h2>
        <span className="spacer" />
        <button type="button" onClick={() => setOpen(false)}>
          Back to the playground
        </button>
      </div>
      <p className="cases-question">Which strategy keeps the facts that matter?</p>
      <p className="muted">
        Each case is a session, where to cut it, and the facts a compaction there must keep. Every strategy
        compacts every case with the offline summarizer, here in the browser, scored by the same code as{' '}
        <code>compaction-playground cases DIR</code>.
      </p>
      <div className="cases-open">
        <button
          type="button"
          data-testid="cases-run-shipped"
          disabled={status === 'running'}
          onClick={() => void runShipped()}
        >
          Run the {SHIPPED_CASES} shipped cases
        </button>
        <label>
          a folder of cases:{' '}
          <input
            type="file"
            data-testid="cases-pick-folder"
            // @ts-expect-error -- not in React's types, but every current browser reads it
            webkitdirectory=""
            multiple
            onChange={(e) => runPicked(e.target.files, true)}
          />
        </label>
        <label>
          or a case with its session:{' '}
          <input
            type="file"
            data-testid="cases-pick-files"
            multiple
            accept=".json,.jsonl,.txt,.md"
            onChange={(e) => runPicked(e.target.files, false)}
          />
        </label>
      </div>
      <Progress />
      <GateVerdict />
      <TotalsTable />
    </section>
  );
}
