import { describe, expect, it } from 'vitest';
import { isValidZone, localDate, offsetMinutes } from './zone';

describe('offsetMinutes', () => {
  it.each([
    ['UTC', '2025-03-10T00:00:00Z', 0],
    ['Pacific/Auckland', '2025-03-10T00:00:00Z', 780],
    ['Pacific/Auckland', '2025-06-10T00:00:00Z', 720],
    ['America/New_York', '2025-01-10T00:00:00Z', -300],
    ['Asia/Kolkata', '2025-01-10T00:00:00Z', 330],
  ])('%s at %s is %i', (tz, at, minutes) => {
    expect(offsetMinutes(new Date(at), tz)).toBe(minutes);
  });
});

describe('localDate', () => {
  it('uses the wall clock of the zone', () => {
    expect(localDate(new Date('2025-02-28T11:30:00Z'), 'Pacific/Auckland')).toBe('2025-03-01');
    expect(localDate(new Date('2025-03-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2025-02-28');
  });
});

describe('isValidZone', () => {
  it('knows IANA names and rejects junk', () => {
    expect(isValidZone('Pacific/Chatham')).toBe(true);
    expect(isValidZone('Mars/Olympus_Mons')).toBe(false);
  });
});
