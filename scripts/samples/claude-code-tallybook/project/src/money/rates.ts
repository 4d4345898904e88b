import type { Currency } from './money';

/** Daily reference rates, quoted as units of `quote` per one unit of `base`. */
export interface RateSource {
  fetchDay(day: string, base: Currency): Promise<Partial<Record<Currency, number>>>;
}

export class RateUnavailableError extends Error {
  constructor(
    readonly day: string,
    readonly base: Currency,
    readonly quote: Currency,
  ) {
    super(`no ${base}->${quote} rate for ${day}`);
    this.name = 'RateUnavailableError';
  }
}

/**
 * Caches one table per (day, base) so a report with hundreds of expenses makes
 * a handful of lookups. Weekends and holidays fall back to the latest earlier
 * day that has a table, up to `maxLookback` days.
 */
export class RateTable {
  private readonly cache = new Map<string, Promise<Partial<Record<Currency, number>>>>();

  constructor(
    private readonly source: RateSource,
    private readonly maxLookback = 5,
  ) {}

  async rate(day: string, base: Currency, quote: Currency): Promise<number> {
    if (base === quote) return 1;
    let cursor = day;
    for (let i = 0; i <= this.maxLookback; i++) {
      const table = await this.table(cursor, base);
      const value = table[quote];
      if (value !== undefined) return value;
      cursor = previousDay(cursor);
    }
    throw new RateUnavailableError(day, base, quote);
  }

  private table(day: string, base: Currency): Promise<Partial<Record<Currency, number>>> {
    const key = `${day}:${base}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = this.source.fetchDay(day, base).catch((error: unknown) => {
        this.cache.delete(key);
        throw error;
      });
      this.cache.set(key, hit);
    }
    return hit;
  }

  get size(): number {
    return this.cache.size;
  }
}

export function previousDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** Rates fixed in code, for tests and the offline demo. */
export class StaticRates implements RateSource {
  constructor(private readonly days: Record<string, Partial<Record<Currency, Partial<Record<Currency, number>>>>>) {}

  async fetchDay(day: string, base: Currency): Promise<Partial<Record<Currency, number>>> {
    return this.days[day]?.[base] ?? {};
  }
}
