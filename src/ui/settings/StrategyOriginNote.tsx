/**
 * Beside the strategy: why it is the one in force (the loaded file's agent, a
 * link, the default with the file's agent offered under the bars), when not
 * the user's own pick.
 */
import { useSettings } from '../../state/settingsStore';
import { offerNote, strategyNote } from '../../state/strategyFollow';
import { useAgentOffer } from '../AgentAnswer';

export function StrategyOriginNote() {
  const origin = useSettings((s) => s.strategyOrigin);
  const offer = useAgentOffer();
  const note = offer ? offerNote(offer.name) : strategyNote(origin);
  if (!note) return null;
  return (
    <p className="field-note muted" data-testid="strategy-origin">
      {note}
      {origin.from === 'file' ? '; pick another above to compare.' : '.'}
    </p>
  );
}
