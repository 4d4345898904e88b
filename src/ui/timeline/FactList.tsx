/** The facts a compaction lost or kept, by kind, each a button to the message that names it. */
import type { LedgerFactView } from '../../worker/protocol';
import { fmt } from '../format';
import { useGoTo } from './useGoTo';

export function FactList({
  facts,
  kept,
}: {
  facts: { kind: string; list: LedgerFactView[] }[];
  kept: boolean;
}) {
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
