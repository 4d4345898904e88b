/**
 * What a reload and a later visit bring back: the user's own transcript from
 * IndexedDB, a shared link's only in the tab that opened it, and a notice when
 * this browser keeps nothing for the address.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workerClient } from '../worker/client';
import type { TranscriptView } from '../worker/protocol';
import { remember, storedTranscript, transcriptForReload, type LoadRequest } from './keptTranscript';
import { MAX_TAB_TRANSCRIPT_CHARS, sharedForTab } from './sharedForTab';
import { useStoredNotices } from './stored';
import { useTranscript } from './transcriptStore';

const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: async (key: string) => idb.get(key),
  set: async (key: string, value: unknown) => void idb.set(key, value),
  del: async (key: string) => void idb.delete(key),
}));

/** One tab's session storage; a new tab starts with a new one. */
let session: Map<string, string>;

function newTab(): void {
  session = new Map();
}

beforeEach(() => {
  idb.clear();
  newTab();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => session.get(key) ?? null,
    setItem: (key: string, value: string) => void session.set(key, value),
    removeItem: (key: string) => void session.delete(key),
  });
  vi.stubGlobal('location', { origin: 'http://page.test' });
  useStoredNotices.setState({ notices: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const OWN: LoadRequest = {
  source: { kind: 'text', text: '[{"role":"user","content":"my own notes"}]' },
  sourceName: 'notes.json',
};
const LINKED: LoadRequest = {
  source: { kind: 'text', text: '{"messages":[{"role":"user","content":"a stranger wrote this"}]}' },
  sourceName: 'their-session.json',
  format: 'canonical',
  origin: 'link',
};

/** Lets the IndexedDB writes (promises of the mock) land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a link opened in a tab', () => {
  it("is kept for that tab's reloads, marked as the link's, and the user's own stays in IndexedDB", async () => {
    remember(OWN);
    await settle();
    remember(LINKED);
    await settle();
    expect(await transcriptForReload()).toEqual(LINKED);
    expect(await storedTranscript()).toEqual({ ...OWN, format: undefined });
  });

  it("is not what a new tab or a later visit opens: they get the user's own", async () => {
    remember(OWN);
    remember(LINKED);
    await settle();
    newTab();
    expect(sharedForTab()).toBeNull();
    expect(await transcriptForReload()).toEqual({ ...OWN, format: undefined });
  });

  it('is forgotten by the tab once the user opens a transcript of their own in it', async () => {
    remember(LINKED);
    remember(OWN);
    await settle();
    expect(sharedForTab()).toBeNull();
    expect(await transcriptForReload()).toEqual({ ...OWN, format: undefined });
  });

  it('past the size a tab keeps, is named by the reload and not brought back', async () => {
    remember({ ...LINKED, source: { kind: 'text', text: 'x'.repeat(MAX_TAB_TRANSCRIPT_CHARS + 1) } });
    remember(OWN);
    remember(LINKED);
    remember({ ...LINKED, source: { kind: 'text', text: 'x'.repeat(MAX_TAB_TRANSCRIPT_CHARS + 1) } });
    await settle();
    expect(await transcriptForReload()).toBeNull();
    expect(useStoredNotices.getState().notices).toEqual([
      'The shared transcript "their-session.json" was too large to keep for a reload of this tab; open its link again to see it. A sample is shown instead.',
    ]);
  });
});

describe('a reload whose transcript this browser does not keep', () => {
  it('says so, since the address names it only by its hash', async () => {
    expect(await transcriptForReload()).toBeNull();
    expect(useStoredNotices.getState().notices).toEqual([
      'The transcript this address names is not kept in this browser (its storage was cleared or refused), and the address carries only its hash; a sample is shown instead.',
    ]);
  });

  it('reads a tab record that is not one as nothing kept, and forgets it', async () => {
    remember(OWN);
    await settle();
    session.set('compaction-playground:shared-transcript', '{"state":{"text":7},"version":1}');
    expect(await transcriptForReload()).toEqual({ ...OWN, format: undefined });
    expect(session.has('compaction-playground:shared-transcript')).toBe(false);
    expect(useStoredNotices.getState().notices).toEqual([
      "This tab's shared transcript had no name and was forgotten.",
    ]);
  });
});

describe('"Keep as my own"', () => {
  const view = { key: 1, format: 'canonical', counts: [3], roles: ['user'] } as unknown as TranscriptView;

  it("makes the link's transcript the user's own: kept for later visits, no longer marked", async () => {
    vi.spyOn(workerClient, 'request').mockImplementation((() => ({
      id: 1,
      result: Promise.resolve(view),
    })) as unknown as typeof workerClient.request);
    remember(OWN);
    expect(await useTranscript.getState().load(LINKED)).toBe(true);
    expect(useTranscript.getState().shared).toBe(true);
    await settle();
    expect(await storedTranscript()).toEqual({ ...OWN, format: undefined });

    useTranscript.getState().keepAsOwn();
    await settle();
    expect(useTranscript.getState().shared).toBe(false);
    expect(sharedForTab()).toBeNull();
    newTab();
    expect(await storedTranscript()).toEqual({ ...LINKED, origin: undefined });
  });
});
