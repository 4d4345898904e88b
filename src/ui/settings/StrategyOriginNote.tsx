/** Beside the strategy: why it is the one in force (the loaded file's agent, a link), when not the user's own pick. */
import { useSettings } from '../../state/settingsStore';
import { strategyNote } from '../../state/strategyFollow';

export function StrategyOriginNote() {
  const origin = useSettings((s) => s.strategyOrigin);
  const note = strategyNote(origin);
  if (!note) return null;
  return (
    <p className="field-note muted" data-testid="strategy-origin">
      {note}
      {origin.from === 'file' ? '; pick another above to compare.' : '.'}
    </p>
  );
}
