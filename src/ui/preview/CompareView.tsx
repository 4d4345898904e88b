/** Two runs side by side: their scores, tokens, costs and summaries, then a line diff of the summaries. */
import { useMemo } from 'react';
import { FACT_KINDS, FACT_KIND_LABELS } from '../../core/eval/facts';
import { PROMPT_LABELS } from '../../core/prompts';
import { estimateCost } from '../../providers/prices';
import type { RunRecord } from '../../state/runHistoryStore';
import { fmt, wholePercent as pct } from '../format';
import { lineDiff } from './lineDiff';

function costText(run: RunRecord): string {
  if (run.summarizer === 'offline') return 'free (no model)';
  if (!run.usage) return 'not reported';
  const cost = run.model ? estimateCost(run.model, run.usage) : null;
  return cost ? `$${cost.totalUsd.toFixed(4)} at list price` : 'no list price for this model';
}

function Side({ run, name }: { run: RunRecord; name: string }) {
  const lost = run.eval.items.filter((i) => !i.kept);
  return (
    <section className="compare-side" data-testid="compare-side" aria-label={`Run ${name}`}>
      <h3>
        {name}: <span data-testid="compare-summarizer">{run.summarizer}</span>
        {run.degraded && <span className="flag warn"> degraded</span>}
      </h3>
      <p className="muted small">
        {run.editedPrompts.length
          ? `your ${run.editedPrompts.map((id) => PROMPT_LABELS[id].toLowerCase()).join(', ')}`
          : 'default prompts'}
        {run.instructions ? `, focus “${run.instructions}”` : ''}
      </p>
      <dl className="usage compare-numbers">
        <dt>Facts kept</dt>
        <dd data-testid="compare-score">{pct(run.eval.overall)}</dd>
        {FACT_KINDS.filter((kind) => run.eval.byKind[kind].expected > 0).map((kind) => (
          <FragmentRow
            key={kind}
            label={FACT_KIND_LABELS[kind]}
            value={`${run.eval.byKind[kind].kept}/${run.eval.byKind[kind].expected}`}
          />
        ))}
        <dt>Tokens</dt>
        <dd data-testid="compare-tokens">
          {fmt(run.tokensBefore)} → {fmt(run.tokensAfter)} ({run.eval.tokensRemovedPct}% removed)
        </dd>
        <dt>Summarizer usage</dt>
        <dd>
          {run.usage
            ? `${fmt(run.usage.promptTokens)} prompt + ${fmt(run.usage.completionTokens)} completion`
            : 'not reported'}
        </dd>
        <dt>Cost</dt>
        <dd data-testid="compare-cost">{costText(run)}</dd>
      </dl>
      {lost.length > 0 && (
        <p className="small">
          <strong>Lost:</strong> {lost.map((i) => i.text).join(' · ')}
        </p>
      )}
      <pre className="message-text compare-summary" data-testid="compare-summary">
        {run.summary}
      </pre>
    </section>
  );
}

function FragmentRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="muted">{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export function CompareView({ a, b }: { a: RunRecord; b: RunRecord }) {
  // A line diff is quadratic in the lines: once per pair of summaries, not at every render.
  const { diff, onlyA, onlyB } = useMemo(() => {
    const lines = lineDiff(a.summary, b.summary);
    let left = 0;
    let right = 0;
    for (const d of lines) {
      if (d.op === 'left') left++;
      else if (d.op === 'right') right++;
    }
    return { diff: lines, onlyA: left, onlyB: right };
  }, [a.summary, b.summary]);
  return (
    <div className="compare" data-testid="compare-run">
      <div className="compare-sides">
        <Side run={a} name="A" />
        <Side run={b} name="B" />
      </div>
      <h3 className="compare-diff-title">
        Diff of the summaries{' '}
        <span className="muted small">
          {fmt(onlyA)} lines only in A, {fmt(onlyB)} only in B
        </span>
      </h3>
      <div className="diff-lines" data-testid="compare-diff">
        {diff.map((line, i) => (
          <div key={i} className={line.op === 'left' ? 'del' : line.op === 'right' ? 'add' : undefined}>
            {line.op === 'left' ? 'A ' : line.op === 'right' ? 'B ' : '  '}
            {line.text}
          </div>
        ))}
      </div>
    </div>
  );
}
