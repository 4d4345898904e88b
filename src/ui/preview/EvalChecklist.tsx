/**
 * Beside the summary: each fact the summarized messages held, kept (✓) or
 * lost (✗), with a click to the message it came from. The counts come from
 * the core's judge, the same one `compact --eval` prints.
 */
import { memo } from 'react';
import { FACT_KINDS, FACT_KIND_LABELS, type FactKind } from '../../core/eval/facts';
import type { Scorecard, ScoredFact } from '../../core/eval/score';
import { useUi } from '../../state/uiStore';
import { wholePercent as pct } from '../format';

function kindSummary(kind: FactKind, card: Scorecard): string | null {
  const { expected, kept, recall } = card.byKind[kind];
  if (expected === 0) return null;
  if (kind === 'last-error' || kind === 'last-command')
    return `${FACT_KIND_LABELS[kind]} ${kept ? 'kept' : 'lost'}`;
  return `${FACT_KIND_LABELS[kind]}s ${kept}/${expected} (${pct(recall ?? 0)})`;
}

/** Long paths keep their end in view: the file name is what tells them apart. */
const SHOWN_PATH_CHARS = 26;

function shown(item: ScoredFact): string {
  if (item.kind !== 'artifact' || item.text.length <= SHOWN_PATH_CHARS) return item.text;
  const tail = item.text.slice(-SHOWN_PATH_CHARS);
  const cut = tail.indexOf('/');
  return `…${cut >= 0 ? tail.slice(cut) : tail}`;
}

function Item({ item }: { item: ScoredFact }) {
  const label = item.firstTask ? 'first request' : FACT_KIND_LABELS[item.kind];
  return (
    <li>
      <button
        type="button"
        className={`eval-item ${item.kept ? 'kept' : 'lost'}`}
        data-testid="eval-item"
        data-kind={item.kind}
        data-kept={item.kept ? 'true' : 'false'}
        title={`${item.kept ? 'Kept' : 'Lost'}: ${item.text} (message #${item.index}; click to show it)`}
        onClick={() => useUi.getState().select(item.index, true)}
      >
        <span className="mark" aria-hidden="true">
          {item.kept ? '✓' : '✗'}
        </span>
        <span className="visually-hidden">{item.kept ? 'kept:' : 'lost:'}</span>
        <span className="kind">{label}</span>
        <span className="text">{shown(item)}</span>
        <span className="where muted">#{item.index}</span>
      </button>
    </li>
  );
}

export const EvalChecklist = memo(EvalChecklistComponent);

function EvalChecklistComponent({ card }: { card: Scorecard }) {
  const kinds = FACT_KINDS.map((kind) => kindSummary(kind, card)).filter((s): s is string => s !== null);
  return (
    <aside className="eval-checklist" data-testid="eval-checklist" aria-label="What the summary kept">
      <h3>What the summary kept</h3>
      <p className="eval-score" data-testid="eval-score">
        <strong>{card.overall === null ? 'No facts to check' : `${pct(card.overall)} of facts kept`}</strong>
        <span className="muted"> · {card.tokensRemovedPct}% of tokens removed</span>
      </p>
      {kinds.length > 0 && <p className="eval-kinds muted small">{kinds.join(' · ')}</p>}
      {card.items.length === 0 ? (
        <p className="muted small">
          The summarized messages name no file, error, command, instruction, open todo or changed name.
        </p>
      ) : (
        <ul className="eval-items">
          {/* What was lost first: that is what the user came to see. */}
          {[...card.items.filter((i) => !i.kept), ...card.items.filter((i) => i.kept)].map((item) => (
            <Item key={`${item.kind}-${item.index}-${item.text}`} item={item} />
          ))}
        </ul>
      )}
      <p className="muted small">
        Matched tolerantly: a file by its full path or file name, a sentence by most of its key words.
      </p>
    </aside>
  );
}
