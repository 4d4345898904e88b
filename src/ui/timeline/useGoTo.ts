/** Going to a ledger fact's message: the context that holds it is shown, then the message selected there. */
import { useTimeline } from '../../state/timelineStore';
import { useUi } from '../../state/uiStore';
import type { LedgerTarget } from '../../worker/protocol';

/** Shows the context that holds the message, then selects it there. */
export function useGoTo() {
  const pin = useTimeline((s) => s.pin);
  const select = useUi((s) => s.select);
  return async (target: LedgerTarget) => {
    await pin(target.call);
    select(target.row, true);
  };
}
