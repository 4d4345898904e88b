/**
 * The orders data the analysis agent explores: monthly revenue per product
 * category and region for January to September, drawn from a seed, with two
 * effects planted in Q3 for the agent to find and tell apart:
 * - Outdoor loses about 18% in every region after the July price increase
 *   (and Q2 had a pre-summer peak);
 * - EU has no orders from 11 to 24 August: an ingestion gap, not lost sales.
 */
import type { Rng } from '../lib/random';

export const REGIONS = ['NA', 'EU', 'APAC', 'LATAM'];
export const CATEGORIES = ['Apparel', 'Footwear', 'Outdoor', 'Accessories', 'Home', 'Electronics'];
const BASE: Record<string, number> = {
  Apparel: 410_000,
  Footwear: 285_000,
  Outdoor: 240_000,
  Accessories: 150_000,
  Home: 120_000,
  Electronics: 195_000,
};
export const REGION_SHARE: Record<string, number> = { NA: 0.44, EU: 0.31, APAC: 0.17, LATAM: 0.08 };

/** `revenue[category][region][month - 1]` in USD. */
export type Revenue = Record<string, Record<string, number[]>>;

export function drawRevenue(rng: Rng): Revenue {
  const rev: Revenue = {};
  for (const c of CATEGORIES) {
    rev[c] = {};
    for (const r of REGIONS) {
      rev[c]![r] = [];
      for (let m = 1; m <= 9; m++) {
        let v = BASE[c]! * REGION_SHARE[r]! * (1 + 0.012 * m) * (0.94 + rng.next() * 0.12);
        if (c === 'Outdoor' && m >= 7) v *= 0.8 + rng.next() * 0.04;
        if (c === 'Outdoor' && (m === 5 || m === 6)) v *= 1.08; // pre-summer peak
        if (r === 'EU' && m === 8) v *= 17 / 31; // 14 of August's 31 days are missing
        rev[c]![r]!.push(Math.round(v * 100) / 100);
      }
    }
  }
  return rev;
}

/** Revenue of one category (in one region, or all) over a quarter. */
export const quarterOf = (rev: Revenue, c: string, r: string | null, q: 1 | 2 | 3): number =>
  (r ? [r] : REGIONS).reduce(
    (s, rr) => s + rev[c]![rr]!.slice((q - 1) * 3, q * 3).reduce((a, b) => a + b, 0),
    0,
  );

/** Change from `a` to `b`, in percent. */
export const pct = (a: number, b: number): number => ((b - a) / a) * 100;
