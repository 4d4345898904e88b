/** `compact --eval` on a terminal: the checklist of facts and the recall of each kind. */
import { FACT_KIND_LABELS, FACT_KINDS, type FactKind, type Scorecard, type ScoredFact } from '../core';

const pct = (share: number) => `${Math.round(share * 100)}%`;

function kindLine(kind: FactKind, card: Scorecard): string | null {
  const { expected, kept, recall } = card.byKind[kind];
  if (expected === 0) return null;
  if (kind === 'last-error' || kind === 'last-command')
    return `${FACT_KIND_LABELS[kind]} ${kept ? 'kept' : 'lost'}`;
  return `${FACT_KIND_LABELS[kind]}s ${kept}/${expected} (${pct(recall ?? 0)})`;
}

function itemLine(item: ScoredFact): string {
  const label = item.firstTask ? 'first request' : FACT_KIND_LABELS[item.kind];
  const text = item.kind === 'constraint' || item.kind === 'open-task' ? `"${item.text}"` : item.text;
  return `  ${item.kept ? '✓' : '✗'} ${label.padEnd(13)} ${text}  (#${item.index})`;
}

/** The lines printed after the result: one summary line, then each fact kept or lost. */
export function renderEval(card: Scorecard): string {
  const kinds = FACT_KINDS.map((kind) => kindLine(kind, card)).filter(
    (line): line is string => line !== null,
  );
  const overall = card.overall === null ? 'no facts to check' : `${pct(card.overall)} of facts kept`;
  const head = `eval        ${[overall, ...kinds].join(', ')}; ${card.tokensRemovedPct}% of tokens removed`;
  return [head, ...card.items.map(itemLine)].join('\n');
}
