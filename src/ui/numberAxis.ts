/**
 * The props of a chart's axis of token counts: compact labels in the muted
 * colour, and every tick shown. Thinning the ticks out is what made recharts
 * measure each new label in the page (a forced layout per label, right after
 * a new transcript's commit); five or so numbers never crowd at the charts'
 * sizes.
 */
import { compact } from './format';

export function numberAxis(colors: { muted: string; border: string }) {
  return {
    tickFormatter: compact,
    tick: { fill: colors.muted, fontSize: 11 },
    stroke: colors.border,
    interval: 0,
  } as const;
}
