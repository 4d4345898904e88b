/** This visit's preview runs, newest first; tick two to see them side by side. */
import { memo, useState } from 'react';
import { useRunHistory } from '../../state/runHistoryStore';
import { fmt, wholePercent as pct } from '../format';
import { CompareView } from './CompareView';

const time = (at: number) => new Date(at).toLocaleTimeString('en-GB');

export const RunHistory = memo(RunHistoryComponent);

function RunHistoryComponent() {
  const runs = useRunHistory((s) => s.runs);
  const [picked, setPicked] = useState<number[]>([]);
  const chosen = picked.map((id) => runs.find((r) => r.id === id)).filter((r) => r !== undefined);
  const toggle = (id: number, on: boolean) =>
    setPicked((now) => (on ? [...now.filter((x) => x !== id), id].slice(-2) : now.filter((x) => x !== id)));
  if (runs.length === 0) return <p className="muted small">No runs yet in this visit.</p>;
  return (
    <section className="run-history" data-testid="run-history" aria-label="Runs in this visit">
      <h3 className="compare-diff-title">Runs in this visit</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Compare</th>
            <th scope="col">Time</th>
            <th scope="col">Summarizer</th>
            <th scope="col">Settings</th>
            <th scope="col">Prompt</th>
            <th scope="col">Facts kept</th>
            <th scope="col">Tokens</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-testid="run-row">
              <td>
                <input
                  type="checkbox"
                  aria-label={`Compare run ${run.id}`}
                  checked={picked.includes(run.id)}
                  onChange={(e) => toggle(run.id, e.target.checked)}
                />
              </td>
              <td>{time(run.at)}</td>
              <td>
                {run.summarizer}
                {run.origin === 'compare' ? <span className="muted"> (side by side)</span> : null}
              </td>
              <td>
                {run.strategy}, keep {fmt(run.keepRecentTokens)}
              </td>
              <td>{run.editedPrompts.length ? 'edited' : 'default'}</td>
              <td>{pct(run.eval.overall)}</td>
              <td>
                {fmt(run.tokensBefore)} → {fmt(run.tokensAfter)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {chosen.length === 2 ? (
        <CompareView a={chosen[0]} b={chosen[1]} />
      ) : (
        <p className="muted small">Tick two runs to put them side by side.</p>
      )}
    </section>
  );
}
