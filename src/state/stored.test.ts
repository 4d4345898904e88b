import { beforeEach, describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { DEFAULT_SETTINGS } from '../core/settings';
import { createWriteGate, type WriteGate } from './deferredWrites';
import { SETTINGS_RECORD, restoreSettings } from './settingsStore';
import type { StorageArea } from './storageArea';
import { guardedStorage, restoreText, storedNow, useStoredNotices, type StoredRecord } from './stored';

const DEFAULTS = { settings: DEFAULT_SETTINGS, modelId: null, windowTyped: false, strategyChosen: false };

describe('restoreText', () => {
  it('is null when nothing was stored', () => {
    expect(restoreText(SETTINGS_RECORD, null, DEFAULTS)).toBeNull();
  });

  it('text that is not JSON gives the defaults and says so', () => {
    expect(restoreText(SETTINGS_RECORD, '{"state": {', DEFAULTS)).toEqual({
      value: DEFAULTS,
      notices: ['The saved settings could not be read (not JSON); the defaults are used.'],
      discarded: true,
    });
  });

  it('JSON without the envelope gives the defaults and says so', () => {
    expect(restoreText(SETTINGS_RECORD, '[1,2]', DEFAULTS)?.notices).toEqual([
      'The saved settings had an unknown shape; the defaults are used.',
    ]);
  });

  it('reads an object stored as it is (IndexedDB can hold one) through the same restore', () => {
    const stored = {
      state: { settings: { ...DEFAULT_SETTINGS, keepRecentTokens: 5000 }, modelId: null },
      version: 1,
    };
    expect(restoreText(SETTINGS_RECORD, stored, DEFAULTS)?.value.settings.keepRecentTokens).toBe(5000);
  });
});

describe('restoreSettings', () => {
  it('keeps every valid field as typed', () => {
    const settings = { ...DEFAULT_SETTINGS, strategy: 'turns', keepRecentTokens: 0, scale: 1.2 };
    expect(restoreSettings({ settings, modelId: 'gpt-4.1' })).toEqual({
      value: { settings, modelId: 'gpt-4.1', windowTyped: true, strategyChosen: true },
      notices: [],
    });
  });

  it('a strategy this version does not know and a number stored as text fall back to their defaults, the rest stays', () => {
    const { value, notices } = restoreSettings({
      settings: { ...DEFAULT_SETTINGS, strategy: 'plan', reserveTokens: '8000', keepRecentTokens: 9000 },
      modelId: null,
    });
    expect(value.settings).toEqual({ ...DEFAULT_SETTINGS, keepRecentTokens: 9000 });
    expect(notices).toEqual([
      'Saved settings this version cannot use were reset to their defaults: reserveTokens "8000", strategy "plan".',
    ]);
  });

  it("keeps a preset's valid parameters, and drops them whole with a notice when one is not", () => {
    const harness = { 'mask-observations': { keepObservations: 4 } };
    expect(
      restoreSettings({ settings: { ...DEFAULT_SETTINGS, harness }, modelId: null }).value.settings,
    ).toEqual({
      ...DEFAULT_SETTINGS,
      harness,
    });
    const { value, notices } = restoreSettings({
      settings: { ...DEFAULT_SETTINGS, harness: { codex: { thresholdFraction: 'most' } } },
      modelId: null,
    });
    expect(value.settings).toEqual(DEFAULT_SETTINGS);
    expect(notices).toEqual([
      'Saved settings this version cannot use were reset to their defaults: harness {"codex":{"thresholdFraction":"most"}}.',
    ]);
  });

  it('settings that cannot work together are not restored, and the notice says why', () => {
    const { value, notices } = restoreSettings({
      settings: { ...DEFAULT_SETTINGS, maxContextTokens: 8192, reserveTokens: 2048, keepRecentTokens: 9000 },
      modelId: null,
    });
    expect(value.settings).toEqual({ ...DEFAULT_SETTINGS, reserveTokens: 2048, keepRecentTokens: 9000 });
    expect(notices).toEqual([
      'Saved settings that cannot work together were not applied: maxContextTokens 8192: Keep-recent (9,000) cannot be larger than the window (8,192): the kept messages alone would not fit.',
    ]);
  });

  it('names the fields that were missing', () => {
    const { settings } = { settings: { ...DEFAULT_SETTINGS } };
    const partial: Record<string, unknown> = { ...settings };
    delete partial.scale;
    expect(restoreSettings({ settings: partial, modelId: null }).notices).toEqual([
      'Saved settings had no value for scale; the defaults are used.',
    ]);
  });

  it('forgets a model preset it does not know', () => {
    expect(restoreSettings({ settings: DEFAULT_SETTINGS, modelId: 'gpt-99' })).toEqual({
      value: DEFAULTS,
      notices: ['The saved model preset "gpt-99" is not known to this version.'],
    });
  });

  it('anything that is not an object restores the defaults', () => {
    expect(restoreSettings(42).value).toEqual(DEFAULTS);
  });
});

/** Local storage in memory: what each test stored, and what is left after reading. */
function memoryArea(entries: Record<string, string>): StorageArea & { left: Map<string, string> } {
  const left = new Map(Object.entries(entries));
  return {
    left,
    getItem: (name) => left.get(name) ?? null,
    setItem: (name, value) => void left.set(name, value),
    removeItem: (name) => void left.delete(name),
  };
}

const record = (name: string, restore: StoredRecord<string>['restore']): StoredRecord<string> => ({
  name,
  version: 1,
  label: `the saved ${name}`,
  restore,
});

const plain = record('plain', (data) => ({ value: String(data), notices: [] }));
const throwing = record('throwing', () => {
  throw new Error('boom');
});
/** A restore that assigns through a stored name, as a plain-object map once did with `__proto__`. */
const poisoning = record('poisoning', (data) => {
  const map: Record<string, Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(data as Record<string, unknown>))
    (map[name] ??= {}).field = value;
  return { value: 'restored', notices: [] };
});

const stored = (state: unknown) => JSON.stringify({ state, version: 1 });

describe('a bad stored record resets alone', () => {
  beforeEach(() => useStoredNotices.getState().dismiss());

  it('a restore that throws gives the defaults with a notice, and only that record is forgotten', async () => {
    const area = memoryArea({ throwing: stored('x'), plain: stored('kept') });
    const value = await guardedStorage(throwing, () => area, 'default').getItem('throwing');
    expect(value).toEqual({ state: 'default', version: 1 });
    expect(useStoredNotices.getState().notices).toEqual([
      'The saved throwing could not be restored (boom); the defaults are used.',
    ]);
    expect([...area.left.keys()]).toEqual(['plain']);
    expect(await guardedStorage(plain, () => area, 'default').getItem('plain')).toEqual({
      state: 'kept',
      version: 1,
    });
  });

  it('text that is not JSON, or JSON without the envelope, is forgotten the same way', async () => {
    const area = memoryArea({ a: '{"state": {', b: '[1,2]', plain: stored('kept') });
    await guardedStorage(plain, () => area, 'default').getItem('a');
    await guardedStorage(plain, () => area, 'default').getItem('b');
    expect([...area.left.keys()]).toEqual(['plain']);
    expect(useStoredNotices.getState().notices).toHaveLength(2);
  });

  it('a repaired record is kept: only a record nothing could be used of is forgotten', async () => {
    const area = memoryArea({ plain: stored('kept') });
    await guardedStorage(plain, () => area, 'default').getItem('plain');
    expect(area.left.get('plain')).toBe(stored('kept'));
  });

  it('a restore that puts a field on every object is undone, its record forgotten, with a notice', async () => {
    // JSON.parse makes `__proto__` an ordinary key, as a stored record holds it.
    const area = memoryArea({
      poisoning: '{"state":{"__proto__":"polluted"},"version":1}',
      plain: stored('kept'),
    });
    const value = await guardedStorage(poisoning, () => area, 'default').getItem('poisoning');
    expect(({} as Record<string, unknown>).field).toBeUndefined();
    expect(value).toEqual({ state: 'default', version: 1 });
    expect(useStoredNotices.getState().notices).toEqual([
      'The saved poisoning changed what every object holds (field) and was forgotten; the defaults are used.',
    ]);
    expect([...area.left.keys()]).toEqual(['plain']);
  });

  it('a restore that replaces what every object already holds is undone the same way', async () => {
    const nested = record('nested', (data) => {
      const map: Record<string, Record<string, unknown>> = {};
      for (const [name, fields] of Object.entries(data as Record<string, Record<string, unknown>>))
        for (const [field, value] of Object.entries(fields)) (map[name] ??= {})[field] = value;
      return { value: 'restored', notices: [] };
    });
    const area = memoryArea({ nested: '{"state":{"__proto__":{"toString":"pwned"}},"version":1}' });
    expect(await guardedStorage(nested, () => area, 'default').getItem('nested')).toEqual({
      state: 'default',
      version: 1,
    });
    expect(String({})).toBe('[object Object]');
    expect(useStoredNotices.getState().notices).toEqual([
      'The saved nested changed what every object holds (toString) and was forgotten; the defaults are used.',
    ]);
    expect(area.left.size).toBe(0);
  });
});

describe('writing a record back', () => {
  /** The area, and every write that reached it. */
  function counted(entries: Record<string, string>) {
    const area = memoryArea(entries);
    const writes: string[] = [];
    const setItem = area.setItem;
    area.setItem = (name, value) => {
      writes.push(`${name}=${value}`);
      return setItem(name, value);
    };
    return { area, writes };
  }

  it('writes nothing when the state set on start is the state read back', async () => {
    const { area, writes } = counted({ kept: stored('hello') });
    const storage = guardedStorage(plain, () => area, 'default');
    const read = await storage.getItem('kept');
    await storage.setItem('kept', read!);
    expect(writes).toEqual([]);
  });

  it('writes a changed state once, and the same state again not at all', async () => {
    const { area, writes } = counted({ kept: stored('hello') });
    const storage = guardedStorage(plain, () => area, 'default');
    await storage.getItem('kept');
    await storage.setItem('kept', { state: 'changed', version: 1 });
    await storage.setItem('kept', { state: 'changed', version: 1 });
    expect(writes).toEqual([`kept=${stored('changed')}`]);
    expect(area.left.get('kept')).toBe(stored('changed'));
  });

  it('writes the defaults back over a record that could not be used', async () => {
    const { area, writes } = counted({ broken: 'not json' });
    const storage = guardedStorage(plain, () => area, 'default');
    expect((await storage.getItem('broken'))?.state).toBe('default');
    await storage.setItem('broken', { state: 'default', version: 1 });
    expect(writes).toEqual([`broken=${stored('default')}`]);
  });
});

describe('a write the page announces', () => {
  /**
   * A store as the page has them, persisted through `guardedStorage` into
   * `area` behind `gate`: its state is one text.
   */
  const persisted = (name: string, area: StorageArea, gate: WriteGate) =>
    create<{ text: string }>()(
      persist(() => ({ text: 'default' }), {
        name,
        storage: guardedStorage(
          record(name, (data) => ({ value: String(data), notices: [] })),
          () => area,
          'default',
          gate,
        ),
        partialize: (state) => state.text,
        merge: (text, current) => (typeof text === 'string' ? { ...current, text } : current),
      }),
    );

  /** IndexedDB's shape: a write lands a task later, and one through the throttle later still (or never). */
  function slowArea() {
    const area = memoryArea({});
    const throttled: string[] = [];
    area.setItem = (name) => void throttled.push(name);
    area.setItemNow = (name, value) =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          area.left.set(name, value);
          resolve();
        }, 0),
      );
    return { area, throttled };
  }

  it('is in storage when storedNow resolves, while the start still holds the other writes', async () => {
    let started = () => undefined as void;
    const gate = createWriteGate((done) => (started = done));
    const { area, throttled } = slowArea();
    const scale = persisted('scale', area, gate);
    const theme = persisted('theme', area, gate);
    scale.setState({ text: '0.972' });
    theme.setState({ text: 'dark' });
    expect(area.left.size).toBe(0);

    const announced = storedNow(scale);
    expect(area.left.size).toBe(0);
    expect(await announced).toBe(true);
    expect(area.left.get('scale')).toBe(stored('0.972'));
    // The theme, set as the page started, still waits for the start to end.
    expect(area.left.has('theme')).toBe(false);
    expect(throttled).toEqual([]);
    started();
    expect(throttled).toEqual(['scale', 'theme']);
  });

  it('resolves false when the storage refuses it (a full local storage), so the page does not say it remembered', async () => {
    const area = memoryArea({});
    area.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const scale = persisted('scale', area, createWriteGate(null));
    scale.setState({ text: '0.972' });
    expect(await storedNow(scale)).toBe(false);
  });

  it('names a store that is not persisted through guardedStorage', () => {
    const bare = { persist: { getOptions: () => ({ name: 'bare', storage: {} }) } };
    expect(() => storedNow(bare)).toThrow('storedNow: bare is not persisted through guardedStorage');
  });
});
