/**
 * A chart's bars (each a name and a colour) as one string and back, so the
 * element that draws them can be kept while they hold: the numbers of a new
 * transcript then reach the chart as data alone.
 */

export interface BarColour {
  name: string;
  color: string;
}

// Control characters: neither a strategy's or role's name nor a CSS colour holds them.
const FIELD = '\u001f';
const ITEM = '\u001e';

/** One string that is equal for two lists exactly when their names and colours are, in order. */
export function barsKey(items: readonly BarColour[]): string {
  return items.map((d) => `${d.name}${FIELD}${d.color}`).join(ITEM);
}

/** The names and colours `barsKey` was made from. */
export function barsFromKey(key: string): BarColour[] {
  if (key === '') return [];
  return key.split(ITEM).map((item) => {
    const [name, color] = item.split(FIELD);
    return { name, color };
  });
}
