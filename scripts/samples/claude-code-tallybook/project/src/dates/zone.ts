/**
 * Time-zone arithmetic on top of Intl. We do not ship a tz database: the
 * runtime's ICU data is the source of truth for offsets and DST rules.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;

function wallClock(instant: Date, tz: string): Parts {
  const parts = {} as Parts;
  for (const p of formatter(tz).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type as keyof Parts] = Number(p.value);
  }
  return parts;
}

/** Minutes east of UTC that `tz` observes at `instant` (Auckland in March: +780). */
export function offsetMinutes(instant: Date, tz: string): number {
  const p = wallClock(instant, tz);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The calendar date (YYYY-MM-DD) of `instant` as seen in `tz`. */
export function localDate(instant: Date, tz: string): string {
  const p = wallClock(instant, tz);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export function isValidZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}
