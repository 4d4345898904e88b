/**
 * The other strategies' cuts over the strip: a thin line per strategy, from
 * its label row down to the bottom lane, and its label stacked so no two
 * overlap. Placement is computed by the strip (markerPlacement.ts), which
 * needs the number of label rows to place the bars; this only draws it.
 */
import { BOTTOM_LANE, MARKER_ROW } from './layout';
import type { PlacedMarker } from './markerPlacement';

export function StrategyMarkers({ items }: { items: readonly PlacedMarker[] }) {
  return (
    <>
      {items.map((p) => (
        <div
          key={p.marker.strategy}
          className={`token-strip__marker token-strip__marker--${p.marker.strategy}`}
          data-testid={`strategy-marker-${p.marker.strategy}`}
          style={{ transform: `translateX(${p.x}px)`, top: p.row * MARKER_ROW + 13, bottom: BOTTOM_LANE }}
          aria-hidden="true"
        />
      ))}
      {items.map((p) => (
        <span
          key={p.marker.strategy}
          className={`token-strip__marker-label token-strip__marker-label--${p.marker.strategy}`}
          style={{ left: p.left, top: p.row * MARKER_ROW }}
        >
          {p.text}
        </span>
      ))}
    </>
  );
}
