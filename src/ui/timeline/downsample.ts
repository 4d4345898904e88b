/**
 * recharts draws an SVG node per point: a 25,000-call session must be drawn
 * from a few hundred. Each bucket keeps its highest call (peaks are what a
 * context chart is read for), and calls that must stay visible (compactions,
 * the selected call) are always kept.
 */
export function sampleCalls(
  count: number,
  heightOf: (call: number) => number,
  max: number,
  keep: readonly number[] = [],
): number[] {
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const chosen = new Set<number>(keep.filter((c) => c >= 0 && c < count));
  const size = count / max;
  for (let b = 0; b < max; b++) {
    const from = Math.floor(b * size);
    const to = Math.min(count, Math.floor((b + 1) * size));
    let best = from;
    for (let i = from + 1; i < to; i++) if (heightOf(i) > heightOf(best)) best = i;
    chosen.add(best);
  }
  chosen.add(count - 1);
  return [...chosen].sort((a, b) => a - b);
}
