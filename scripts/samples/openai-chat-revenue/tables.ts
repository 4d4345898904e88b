/**
 * The tool results of the analysis session: what the agent's pandas code
 * prints for the seeded revenue model, and the numbers its answers quote.
 * Each table that needs more random rows (order lines, SKUs, daily counts)
 * draws them when the script first shows it, in the order of the session.
 */
import type { Rng } from '../lib/random';
import type { Values } from '../lib/script';
import { frame, money2, named } from './pandas';
import { CATEGORIES, pct, quarterOf, REGIONS, REGION_SHARE, type Revenue } from './revenue';

/** A value computed the first time it is asked for: the draws happen where the script first needs it. */
const once = <T>(make: () => T): (() => T) => {
  let value: { v: T } | undefined;
  return () => (value ??= { v: make() }).v;
};

const ORDER_COLUMNS = [
  'order_id',
  'order_ts',
  'region',
  'sku',
  'category',
  'qty',
  'unit_price',
  'revenue_usd',
  'currency',
  'status',
];
const two = (n: number) => String(n).padStart(2, '0');
const sku = (rng: Rng, category: string) =>
  `SKU-${category.slice(0, 3).toUpperCase()}-${rng.int(1000, 9999)}`;

export function analysisValues(rng: Rng, rev: Revenue): Values {
  const q2 = CATEGORIES.map((c) => quarterOf(rev, c, null, 2));
  const q3 = CATEGORIES.map((c) => quarterOf(rev, c, null, 3));
  const q2t = q2.reduce((a, b) => a + b, 0);
  const q3t = q3.reduce((a, b) => a + b, 0);
  const q1t = CATEGORIES.map((c) => quarterOf(rev, c, null, 1)).reduce((a, b) => a + b, 0);
  const catRows = CATEGORIES.map((c, k) => ({ c, q2: q2[k]!, q3: q3[k]!, ch: q3[k]! - q2[k]! })).sort(
    (a, b) => a.ch - b.ch,
  );
  const worst = catRows.slice(0, 2).map((r) => r.c);
  const euAugust = (c: string) => rev[c]!.EU![7]!;
  const euAugGap = CATEGORIES.reduce((s, c) => s + (euAugust(c) / 17) * 14, 0);
  const dailyIdx = Array.from({ length: 31 }, (_, d) => `2025-08-${two(d + 1)}`);

  /** Missing EU revenue per category, estimated from the same weekdays around the gap. */
  const estimate = once(() =>
    CATEGORIES.map((c) => ({ c, v: (euAugust(c) / 17) * 14 * (0.97 + rng.next() * 0.06) })),
  );
  const estTotal = () => estimate().reduce((s, e) => s + e.v, 0);
  const adjusted = once(() =>
    CATEGORIES.map((c, k) => {
      const e = estimate().find((x) => x.c === c)!.v;
      return { c, q2: q2[k]!, q3: q3[k]! + e, ch: q3[k]! + e - q2[k]! };
    }).sort((a, b) => a.ch - b.ch),
  );
  const adjustedQ3 = () => adjusted().reduce((s, r) => s + r.q3, 0);
  const outdoor = () => adjusted().find((r) => r.c === 'Outdoor')!;
  const changes: Record<string, () => number> = {
    q3: () => pct(q2t, q3t),
    adjusted: () => pct(q2t, adjustedQ3()),
    outdoor: () => pct(outdoor().q2, outdoor().q3),
  };
  /** The Q2 → Q3 change split into the three parts the chart shows. */
  const drivers: Record<string, () => number> = {
    gap: () => -estTotal(),
    outdoor: () => outdoor().ch,
    rest: () => q3t + estTotal() - q2t - outdoor().ch,
  };
  const skus = once(() => {
    const names = [
      'Trail tent 2P',
      'Down jacket',
      'Hiking pole pair',
      'Dry bag 20L',
      'Headlamp 400lm',
      'Camp stove',
      'Sleeping mat',
      'Rain shell',
      'Water filter',
      'Daypack 28L',
    ];
    return Array.from({ length: 40 }, () => {
      const id = `SKU-OUT-${rng.int(1000, 9999)}`;
      const name = rng.pick(names);
      const lp = Math.round((25 + rng.next() * 280) * 100) / 100;
      const label = `${name} ${rng.pick(['', 'Pro', 'Lite', 'XL'])}`.trim();
      return [
        id,
        label,
        'Outdoor',
        lp,
        Math.round(lp * (1.09 + rng.next() * 0.06) * 100) / 100,
        '2025-07-01',
      ];
    });
  });

  return {
    'revenue.q1': () => money2(q1t),
    'revenue.q2': () => money2(q2t),
    'revenue.q3': () => money2(q3t),
    /** `{{change q3|adjusted|outdoor [signed|abs]}}`: Q2 → Q3 in percent, one decimal. */
    change: (argument) => {
      const [which, style] = argument.split(' ');
      const v = changes[which!]!();
      if (style === 'abs') return Math.abs(v).toFixed(1);
      return (style === 'signed' && v >= 0 ? '+' : '') + v.toFixed(1);
    },
    /** `{{driver gap|outdoor|rest [raw]}}`: in USD, as `{:,.2f}` or as Python prints the float. */
    driver: (argument) => {
      const [which, style] = argument.split(' ');
      const v = drivers[which!]!();
      return style === 'raw' ? v.toFixed(2) : money2(v);
    },
    'worst.0': () => worst[0]!,
    'worst.1': () => worst[1]!,
    'euAugust.missing': () => money2(euAugGap),
    'gapEstimate.total': () => estTotal().toFixed(2),
    gapEstimate: () =>
      estimate()
        .map((e) => `${e.c.padEnd(12)} ${e.v.toFixed(2).padStart(12)}`)
        .join('\n'),
    'orders.head': () => {
      const rows = Array.from({ length: 8 }, (_, i) => {
        const c = rng.pick(CATEGORIES);
        const qty = rng.int(1, 4);
        const price = Math.round((15 + rng.next() * 180) * 100) / 100;
        return [
          `ORD-2025-${String(100231 + i * 3 + rng.int(0, 2)).padStart(7, '0')}`,
          `2025-01-01 ${two(rng.int(0, 2))}:${two(rng.int(0, 59))}:${two(rng.int(0, 59))}`,
          rng.pick(REGIONS),
          sku(rng, c),
          c,
          qty,
          price,
          Math.round(qty * price * 100) / 100,
          rng.next() < 0.9 ? 'USD' : 'EUR',
          rng.next() < 0.04 ? 'returned' : 'fulfilled',
        ];
      });
      return frame(ORDER_COLUMNS, rows);
    },
    'orders.sample': () => {
      const index: number[] = [];
      const rows = Array.from({ length: 72 }, (_, i) => {
        const c = rng.pick(CATEGORIES);
        const qty = rng.next() < 0.7 ? 1 : rng.int(2, 6);
        const price = Math.round((9 + rng.next() * 240) * 100) / 100;
        const month = 1 + Math.floor((i / 72) * 9);
        index.push(rng.int(1000, 1284000));
        return [
          `ORD-2025-${String(rng.int(100000, 999999)).padStart(7, '0')}`,
          `2025-${two(month)}-${two(rng.int(1, 28))} ${two(rng.int(0, 23))}:${two(rng.int(0, 59))}:${two(rng.int(0, 59))}`,
          rng.pick(REGIONS),
          sku(rng, c),
          c,
          qty,
          price,
          Math.round(qty * price * 100) / 100,
          rng.next() < 0.88 ? 'USD' : 'EUR',
          'fulfilled',
          Math.ceil(month / 3),
          month,
        ];
      });
      return frame([...ORDER_COLUMNS, 'quarter', 'month'], rows, index);
    },
    weekly: () => {
      const weekIdx: string[] = [];
      const weeks = Array.from({ length: 39 }, (_, w) => {
        const day = new Date(Date.UTC(2025, 0, 5 + w * 7));
        weekIdx.push(day.toISOString().slice(0, 10));
        const m = Math.min(8, day.getUTCMonth());
        const gap =
          day >= new Date(Date.UTC(2025, 7, 11)) && day <= new Date(Date.UTC(2025, 7, 31)) ? 0.69 : 1;
        return CATEGORIES.map((c) =>
          Math.round(
            (REGIONS.reduce((a, r) => a + rev[c]![r]![m]!, 0) / 4.33) *
              (0.9 + rng.next() * 0.2) *
              (w === 0 ? 0.62 : 1) * // the first week, to 5 January, is short
              gap,
          ),
        );
      });
      return named(frame(CATEGORIES, weeks, weekIdx), 'category    ', 'order_ts');
    },
    byCategory: () => {
      const totalCh = q3t - q2t;
      const rows = catRows.map((r) => [r.q2, r.q3, r.ch, pct(r.q2, r.q3), (r.ch / totalCh) * 100]);
      const table = frame(
        ['2', '3', 'change', 'change_pct', 'share_of_drop_pct'],
        rows,
        catRows.map((r) => r.c),
      );
      return named(table, 'quarter  ', 'category');
    },
    /** `{{regionMonths K}}`: the K-th worst category by region and month, Q2 and Q3. */
    regionMonths: (k) => {
      const c = worst[Number(k)]!;
      const rows = REGIONS.map((r) => rev[c]![r]!.slice(3, 9).map((v) => Math.round(v)));
      return `${c}\n${named(frame(['4', '5', '6', '7', '8', '9'], rows, REGIONS), 'month  ', 'region')}`;
    },
    pivot: () => {
      const index = CATEGORIES.flatMap((c) => REGIONS.map((r) => `${c.padEnd(12)} ${r}`));
      const rows = CATEGORIES.flatMap((c) =>
        REGIONS.map((r) => rev[c]![r]!.map((v) => Math.round(v / 100) / 10)),
      );
      const table = frame(
        ['1', '2', '3', '4', '5', '6', '7', '8', '9'],
        rows.map((r) => r.map((v) => v.toFixed(1))),
        index,
      );
      return named(table, 'month            ', 'category     region');
    },
    'euAugust.daily': () => {
      const perDay = CATEGORIES.reduce((s, c) => s + euAugust(c), 0) / 17;
      const rows = dailyIdx.map((_, k) => {
        const d = k + 1;
        if (d >= 11 && d <= 24) return [0, 0];
        const v = perDay * (0.8 + rng.next() * 0.4);
        return [Math.round(v / 71.3), Math.round(v * 100) / 100];
      });
      return frame(['lines', 'revenue'], rows, dailyIdx);
    },
    /** Order lines per region and day in August. */
    'euAugust.byRegion': () => {
      const rows = dailyIdx.map((_, k) =>
        REGIONS.map((r) =>
          r === 'EU' && k >= 10 && k <= 23
            ? 0
            : Math.round(
                (REGION_SHARE[r]! * 5400 * (0.85 + rng.next() * 0.3)) /
                  (k % 7 === 2 || k % 7 === 3 ? 1.25 : 1),
              ),
        ),
      );
      return named(frame(REGIONS, rows, dailyIdx), 'region    ', 'order_ts');
    },
    adjusted: () => {
      const rows = adjusted().map((r) => [r.q2, r.q3, r.ch, pct(r.q2, r.q3)]);
      const table = frame(
        ['2', '3', 'change', 'change_pct'],
        rows,
        adjusted().map((r) => r.c),
      );
      return named(table, 'quarter  ', 'category');
    },
    'products.head': () =>
      frame(
        ['product_sku', 'name', 'category', 'list_price_usd_h1', 'list_price_usd', 'price_effective'],
        skus().slice(0, 12),
      ),
    /** Outdoor units and average price paid per month: the July price increase. */
    'outdoor.months': () => {
      const rows = Array.from({ length: 9 }, (_, m) => {
        const revenue = REGIONS.reduce((a, r) => a + rev.Outdoor![r]![m]!, 0);
        const price = m >= 6 ? 84.9 + rng.next() * 2 : 76.4 + rng.next() * 2;
        return [Math.round(revenue / price), Math.round(revenue * 100) / 100, Math.round(price * 100) / 100];
      });
      return named(
        frame(['units', 'revenue', 'avg_paid'], rows, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
        '      ',
        'month',
      );
    },
    'outdoor.skus': () => {
      const rows = skus().map((r) => {
        const u2 = rng.int(300, 2600);
        const drop = 0.62 + rng.next() * 0.3;
        const u3 = Math.round(u2 * drop);
        const [h1, now] = [r[3] as number, r[4] as number];
        return [u2, u3, ((u3 / u2 - 1) * 100).toFixed(1), h1, now, ((now / h1 - 1) * 100).toFixed(1)];
      });
      const columns = [
        '2',
        '3',
        'units_change_pct',
        'list_price_usd_h1',
        'list_price_usd',
        'price_change_pct',
      ];
      return frame(
        columns,
        rows,
        skus().map((r) => `${r[0]}  ${String(r[1]).padEnd(22)}`),
      );
    },
  };
}
