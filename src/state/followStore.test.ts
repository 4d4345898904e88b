/**
 * Following a file while the sample the page opened with is still being
 * counted: whichever answer comes back first, the page ends on the followed
 * file, and the worker is told to drop the sample before it is asked for
 * the file.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/settings';
import { WorkerRequestError, workerClient } from '../worker/client';
import type { FollowReply, TranscriptView } from '../worker/protocol';
import { useFollow } from './followStore';
import { useSettings } from './settingsStore';
import { useTranscript } from './transcriptStore';

const view = (sourceName: string, counts: number[]): TranscriptView => ({
  key: 1,
  format: 'claude-code',
  detection: { format: 'claude-code', confidence: 1, reason: 'test' },
  issues: [],
  sourceName,
  bytes: 100,
  tokenizer: 'o200k_base',
  scale: 1,
  roles: counts.map(() => 'user'),
  counts,
  isSummary: counts.map(() => false),
  listTail: 3,
  previews: counts.map(() => 'a line'),
});

interface Asked {
  type: string;
  id: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
let asked: Asked[];
let said: string[];

beforeEach(() => {
  asked = [];
  said = [];
  let id = 0;
  vi.stubGlobal('document', {
    visibilityState: 'visible',
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  vi.spyOn(workerClient, 'request').mockImplementation(((type: string) => {
    const entry = { type, id: ++id } as Asked;
    said.push(`${type} ${entry.id}`);
    const result = new Promise((resolve, reject) => Object.assign(entry, { resolve, reject }));
    asked.push(entry);
    return { id: entry.id, result };
  }) as unknown as typeof workerClient.request);
  vi.spyOn(workerClient, 'cancel').mockImplementation((target) => void said.push(`cancel ${target}`));
  useSettings.setState({ settings: DEFAULT_SETTINGS });
  useTranscript.setState({ view: null, status: 'empty', loadId: null, loading: null, restoreView: null });
});

afterEach(async () => {
  useFollow.getState().stop();
  // Whatever is still asked of the worker ends, so the next test's first look is not taken for a second one.
  for (const a of asked) a.reject(new WorkerRequestError({ kind: 'cancelled', message: 'Cancelled' }));
  await vi.waitFor(() => expect(useTranscript.getState().loadId).toBeNull());
  await new Promise((resolve) => setTimeout(resolve, 0));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const followed = view('session.jsonl', [40, 60, 80]);
const sample = view('sample.json', [5, 5]);
const followReply: FollowReply = { event: 'appended', view: followed, compactions: [] };
const handle = { name: 'session.jsonl', getFile: async () => new File(['{}\n'], 'session.jsonl') };

/** The sample's load in flight, then "Follow this file" until its look is asked of the worker. */
async function followDuringSample() {
  const loading = useTranscript
    .getState()
    .load({ source: { kind: 'url', url: '/samples/sample.json' }, sourceName: 'sample.json' });
  useFollow.getState().start(handle);
  await vi.waitFor(() => expect(asked.map((a) => a.type)).toEqual(['load', 'follow']));
  return { load: asked[0]!, follow: asked[1]!, loading };
}

describe('following a file while the sample is still counted', () => {
  it('cancels the sample in the worker before asking it for the followed file', async () => {
    await followDuringSample();
    expect(said).toEqual(['load 1', 'cancel 1', 'follow 2']);
  });

  it('the followed file answered first: the sample answering later is not shown', async () => {
    const { load, follow, loading } = await followDuringSample();
    follow.resolve(followReply);
    await vi.waitFor(() => expect(useTranscript.getState().view?.sourceName).toBe('session.jsonl'));
    load.resolve(sample);
    expect(await loading).toBe(false);
    expect(useTranscript.getState()).toMatchObject({ status: 'ready', loadId: null });
    expect(useTranscript.getState().view?.counts).toEqual([40, 60, 80]);
    expect(useFollow.getState().status).toBe('following');
  });

  it('the sample answered first (counted before the Cancel reached it): the followed file replaces it', async () => {
    const { load, follow, loading } = await followDuringSample();
    load.resolve(sample);
    expect(await loading).toBe(true);
    follow.resolve(followReply);
    await vi.waitFor(() => expect(useTranscript.getState().view?.sourceName).toBe('session.jsonl'));
    expect(useFollow.getState()).toMatchObject({ status: 'following', updates: 1 });
  });

  it('the sample cancelled before the followed file answered: the page waits on nothing, then shows the file', async () => {
    const { load, follow, loading } = await followDuringSample();
    load.reject(new WorkerRequestError({ kind: 'cancelled', message: 'Cancelled' }));
    expect(await loading).toBe(false);
    expect(useTranscript.getState()).toMatchObject({ status: 'empty', view: null, error: null });
    follow.resolve(followReply);
    await vi.waitFor(() => expect(useTranscript.getState().view?.counts).toEqual([40, 60, 80]));
  });
});
