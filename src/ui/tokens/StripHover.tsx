/**
 * What the strip shows under the pointer: a highlight over the column the
 * pointer is in, and a one-line tooltip naming the message a click would
 * select (the column's tallest). The text is plain text, never HTML, since it
 * quotes the transcript; the tooltip stays inside the strip near its right edge.
 */
import type { Bins } from './bins';
import { binAtX } from './bins';

/** The message under the pointer and the pointer's x in the plot. */
export interface Hover {
  index: number;
  x: number;
}

interface StripHoverProps {
  /** Null when the pointer is away or over no message. */
  hover: Hover | null;
  bins: Bins;
  text: string;
  plotTop: number;
  plotBottom: number;
  width: number;
}

export function StripHover({ hover, bins, text, plotTop, plotBottom, width }: StripHoverProps) {
  const bin = hover ? binAtX(bins, hover.x) : -1;
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
          style={{ left: Math.max(0, Math.min(hover.x + 12, width - 420)), top: plotTop }}
        >
          {text}
        </div>
      ) : null}
    </>
  );
}
