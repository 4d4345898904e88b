/**
 * What the strip shows under the pointer: over the bars, a highlight over the
 * column the pointer is in and a one-line tooltip naming the message a click
 * would select (the column's tallest); over a slider, that slider's own
 * tooltip and no column, so the bar under a handle never answers for it. The
 * text is plain text, never HTML, since it quotes the transcript; the tooltip
 * stays inside the strip near its right edge.
 */
import type { Bins } from './bins';
import { binAtX } from './bins';

/** Where the pointer is in the plot, and what it is over. */
export interface Hover {
  x: number;
  over: 'bars' | 'keep' | 'cut';
}

interface StripHoverProps {
  /** Null when the pointer is away or over nothing to name. */
  hover: Hover | null;
  bins: Bins;
  text: string;
  plotTop: number;
  plotBottom: number;
  width: number;
}

export function StripHover({ hover, bins, text, plotTop, plotBottom, width }: StripHoverProps) {
  const bin = hover?.over === 'bars' ? binAtX(bins, hover.x) : -1;
  return (
    <>
      {bin >= 0 ? (
        <div
          className="token-strip__hover"
          style={{
            left: bins.edges[bin],
            width: Math.max(2, bins.edges[bin + 1] - bins.edges[bin]),
            top: plotTop,
            height: plotBottom - plotTop,
          }}
          aria-hidden="true"
        />
      ) : null}
      {hover ? (
        <div
          className="token-strip__tooltip"
          data-testid="strip-tooltip"
          data-over={hover.over}
          style={{ left: Math.max(0, Math.min(hover.x + 12, width - 420)), top: plotTop }}
        >
          {text}
        </div>
      ) : null}
    </>
  );
}
