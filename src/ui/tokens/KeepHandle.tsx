/** The keep-recent handle: a slider over the strip that sets the budget of recent tokens kept verbatim. */
import type { Strategy } from '../../core/settings';
import { keepValueText } from './labels';
import { keepPosition, keepRecentTarget, type GrabZone } from './sliders';
import { MIN_KEEP_RECENT, type KeepCap } from './stops';
import { tabWidth } from './stripModel';
import { StripSlider } from './StripSlider';

export function KeepHandle(props: {
  keepRecent: number;
  keepCap: KeepCap;
  x: number;
  offscreen: boolean;
  width: number;
  top: number;
  zone: GrabZone;
  /** Some budget moves the cut; otherwise the handle is drawn as unused. */
  budgetMoves: boolean;
  /** The preset named in the value text when its cut does not follow the budget. */
  shows: Strategy | undefined;
  tab: string;
  /** A budget asked for, and where the pointer was (null from the keyboard). */
  onAsk(asked: number, x: number | null): void;
  /** The budget that keeps everything right of x. */
  tokensAt(x: number): number;
  onGrab(): void;
  onHover(x: number): void;
  onBlur(): void;
}) {
  const { keepRecent, keepCap, x, width, tab } = props;
  return (
    <StripSlider
      className={props.budgetMoves ? 'token-strip__keep' : 'token-strip__keep is-unused'}
      offscreen={props.offscreen}
      testId="keep-recent-handle"
      label="Keep-recent budget"
      min={0}
      max={keepCap.max - MIN_KEEP_RECENT}
      value={keepPosition(keepRecent, MIN_KEEP_RECENT, keepCap.max)}
      valueText={keepValueText(keepRecent, keepCap.max, keepCap.by === 'settings', props.shows)}
      help="Drag left to keep more. Left or Down arrow: moves left, a bigger budget; Right or Up: moves right, a smaller one (1% a press); Page Down and Page Up: 10%; Home: the most that applies; End: the least."
      x={x}
      zone={props.zone}
      place={{ top: props.top }}
      onStep={(key) => props.onAsk(keepRecentTarget(keepRecent, keepCap.max, key), null)}
      onDrag={(px) => props.onAsk(props.tokensAt(px), px)}
      onGrab={props.onGrab}
      onHover={props.onHover}
      onBlur={props.onBlur}
    >
      <span className={`token-strip__keep-tab${x > width - tabWidth(tab) ? ' is-flipped' : ''}`}>{tab}</span>
    </StripSlider>
  );
}
