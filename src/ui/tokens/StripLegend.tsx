/**
 * What the strip's shading and lines mean, under the plot. The bars' own
 * colours (the roles) have their legend in the panel's heading; this one
 * names the bands behind them and the lines over them. A band or a line the
 * strip is not drawing right now is left out, so the legend never explains
 * something the user cannot see.
 */
import type { FateRun } from './fateRuns';
import { cutLegendText } from './labels';

interface StripLegendProps {
  runs: readonly FateRun[];
  /** The chosen strategy fires; else its bands are what would happen, striped. */
  fires: boolean;
  /** Some messages are left out of the summarizer input (shaded over their bars). */
  omitted: boolean;
  /** The other strategies' cuts are drawn. */
  markers: boolean;
  /** Turn starts are drawn (they are left out while they would crowd every few pixels). */
  turns: boolean;
  /** The budget moves the chosen strategy's cut (a preset with its own rule ignores it). */
  budgetMoves: boolean;
  /** The chosen strategy is a cut rule: when no budget moves its cut, there is no place to cut. */
  cutRule?: boolean;
  /** Where the cut line is drawn, where the strategy starts, and the number of messages: the cut's words. */
  cut: { at: number; start: number; n: number };
}

interface Item {
  key: string;
  swatch: string;
  text: string;
}

export function StripLegend({
  runs,
  fires,
  omitted,
  markers,
  turns,
  budgetMoves,
  cutRule,
  cut,
}: StripLegendProps) {
  const has = (fate: FateRun['fate']) => runs.some((r) => r.fate === fate);
  const would = fires ? '' : '--would';
  const items: Item[] = [
    has('summarized')
      ? {
          key: 'summarized',
          swatch: `band-summarized${would}`,
          text: fires ? 'summarized' : 'would be summarized if it fired (it does not)',
        }
      : null,
    has('turn-prefix')
      ? {
          key: 'turn-prefix',
          swatch: `band-turn-prefix${would}`,
          text: fires
            ? 'turn prefix (summarized on its own)'
            : 'would be a turn prefix (summarized on its own)',
        }
      : null,
    has('kept') || has('cleared') ? { key: 'kept', swatch: 'band-kept', text: 'kept verbatim' } : null,
    // Bars with no band are not the cut's to keep or summarize: each kind is named, or the eye reads them as kept.
    has('reinjected')
      ? {
          key: 'reinjected',
          swatch: 'band-none',
          text: 'no band: re-injected before the previous summary (left out, not summarized again)',
        }
      : null,
    has('summary')
      ? { key: 'summary', swatch: 'band-none', text: 'no band: the previous summary (replaced)' }
      : null,
    has('system')
      ? { key: 'system', swatch: 'band-none', text: 'no band: system prompt (stays ahead of the summary)' }
      : null,
    omitted ? { key: 'omitted', swatch: 'band-omitted', text: 'left out of the summarizer input' } : null,
    budgetMoves
      ? { key: 'budget', swatch: 'budget', text: 'keep-recent budget (handle and bracket)' }
      : {
          key: 'budget',
          swatch: 'budget-unused',
          text: cutRule
            ? 'keep-recent budget (no place to cut, whatever the budget)'
            : 'keep-recent budget (this strategy cuts without it)',
        },
    {
      key: 'cut',
      swatch: 'cut',
      text: cutLegendText(cut.at, cut.start, cut.n, fires),
    },
    markers ? { key: 'markers', swatch: 'marker', text: "other strategies' cuts" } : null,
    turns ? { key: 'turns', swatch: 'turn', text: 'a turn starts' } : null,
  ].filter((item): item is Item => item !== null);
  return (
    <ul className="token-strip__legend" data-testid="strip-legend" aria-label="What the strip shows">
      {items.map((item) => (
        <li key={item.key} data-item={item.key}>
          <span className={`token-strip__swatch token-strip__swatch--${item.swatch}`} aria-hidden="true" />
          {item.text}
        </li>
      ))}
    </ul>
  );
}
