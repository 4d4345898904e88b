/**
 * The store that holds the counts follows the tokenizer and the scale itself:
 * no component effect sits between a settings change and the recount, and
 * the view keeps the tokenizer its counts were made with until new ones come.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/settings';
import { WorkerRequestError, workerClient } from '../worker/client';
import type { EstimateEvent, TranscriptView } from '../worker/protocol';
import { useSettings } from './settingsStore';
import { useTranscript } from './transcriptStore';

const view = (tokenizer: TranscriptView['tokenizer'], scale = 1, counts = [10, 20]): TranscriptView => ({
  key: 1,
  format: 'openai-chat',
  detection: { format: 'openai-chat', confidence: 1, reason: 'test' },
  issues: [],
  sourceName: 'chat.json',
  bytes: 100,
  tokenizer,
  scale,
  roles: ['user', 'assistant'],
  counts,
  isSummary: [false, false],
  listTail: 3,
  previews: ['a', 'b'],
});

let recounts: { tokenizer: string; scale: number }[];
let answer: (v: TranscriptView) => void;

beforeEach(() => {
  vi.useFakeTimers();
  recounts = [];
  vi.spyOn(workerClient, 'request').mockImplementation(((
    type: string,
    body: { tokenizer: string; scale: number },
  ) => {
    if (type === 'retokenize') recounts.push({ tokenizer: body.tokenizer, scale: body.scale });
    return { id: recounts.length, result: new Promise((resolve) => (answer = resolve)) };
  }) as unknown as typeof workerClient.request);
  // No transcript while the settings go back to the defaults: nothing to recount yet.
  useTranscript.setState({ view: null, loadId: null });
  useSettings.setState({ settings: DEFAULT_SETTINGS });
  useTranscript.setState({ view: view('o200k_base'), status: 'ready', loadId: null, recountFailed: null });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the transcript store follows the tokenizer and scale', () => {
  it('recounts at once when the tokenizer changes, and names the new tokenizer only with the new counts', async () => {
    useSettings.getState().update({ tokenizer: 'cl100k_base' });
    expect(recounts).toEqual([{ tokenizer: 'cl100k_base', scale: 1 }]);
    expect(useTranscript.getState().view?.tokenizer).toBe('o200k_base');
    answer(view('cl100k_base', 1, [12, 19]));
    await vi.waitFor(() => expect(useTranscript.getState().view?.tokenizer).toBe('cl100k_base'));
    expect(useTranscript.getState().view?.counts).toEqual([12, 19]);
  });

  it('recounts a typed scale once the typing pauses, with the last value that applies', async () => {
    useSettings.getState().update({ scale: 1.2 });
    useSettings.getState().update({ scale: 1.25 });
    useSettings.getState().update({ scale: 9 });
    expect(recounts).toEqual([]);
    await vi.advanceTimersByTimeAsync(300);
    // 9 is refused where it is typed (the scale is 0.5 to 1.5), so 1.25 still applies.
    expect(recounts).toEqual([{ tokenizer: 'o200k_base', scale: 1.25 }]);
  });

  it('does not recount for a change that leaves the counts as they are', () => {
    useSettings.getState().update({ keepRecentTokens: 5000, strategy: 'pi' });
    useSettings.getState().update({ tokenizer: 'o200k_base' });
    expect(recounts).toEqual([]);
  });
});

describe('a load draws its estimate first', () => {
  let onEvent: (event: EstimateEvent) => void;
  let finish: { resolve(v: TranscriptView): void; reject(e: unknown): void };
  const sent: string[] = [];

  beforeEach(() => {
    sent.length = 0;
    vi.spyOn(workerClient, 'cancel').mockImplementation(() => {});
    vi.spyOn(workerClient, 'request').mockImplementation(((
      type: string,
      body: { tokenizer: string },
      _onProgress: unknown,
      events: (event: EstimateEvent) => void,
    ) => {
      sent.push(`${type} ${body.tokenizer}`);
      if (type === 'load') onEvent = events;
      return {
        id: 100 + sent.length,
        result: new Promise((resolve, reject) => (finish = { resolve, reject })),
      };
    }) as unknown as typeof workerClient.request);
  });

  const estimate = (): TranscriptView => ({
    ...view('chars4', 1, [7, 15]),
    sourceName: 'new.json',
    estimatedFor: 'o200k_base',
  });
  const request = { source: { kind: 'text' as const, text: '[]' }, sourceName: 'new.json' };

  it('shows the estimated view at once, then the exact one, and only then names the load as the last one', async () => {
    const before = useTranscript.getState().view;
    const loaded = useTranscript.getState().load(request);
    onEvent({ type: 'estimate', view: estimate() });
    expect(useTranscript.getState().view).toMatchObject({ counts: [7, 15], estimatedFor: 'o200k_base' });
    expect(useTranscript.getState()).toMatchObject({
      status: 'loading',
      loading: request,
      restoreView: before,
    });
    finish.resolve({ ...view('o200k_base', 1, [9, 21]), sourceName: 'new.json' });
    expect(await loaded).toBe(true);
    expect(useTranscript.getState().view).toMatchObject({ counts: [9, 21], tokenizer: 'o200k_base' });
    expect(useTranscript.getState().view?.estimatedFor).toBeUndefined();
    expect(useTranscript.getState()).toMatchObject({ status: 'ready', loading: null, lastRequest: request });
  });

  it('a cancelled load puts back the transcript its estimate had replaced', async () => {
    const before = useTranscript.getState().view;
    const loaded = useTranscript.getState().load(request);
    onEvent({ type: 'estimate', view: estimate() });
    finish.reject(new WorkerRequestError({ kind: 'cancelled', message: 'Cancelled' }));
    expect(await loaded).toBe(false);
    expect(useTranscript.getState().view).toBe(before);
    expect(useTranscript.getState()).toMatchObject({ status: 'ready', error: null, loading: null });
  });

  it('a first load that fails after its estimate leaves the page empty, with the error', async () => {
    useTranscript.setState({ view: null, status: 'empty' });
    const loaded = useTranscript.getState().load(request);
    onEvent({ type: 'estimate', view: estimate() });
    finish.reject(new WorkerRequestError({ kind: 'worker-stopped', message: 'The worker stopped' }));
    expect(await loaded).toBe(false);
    expect(useTranscript.getState()).toMatchObject({ status: 'empty', view: null });
    expect(useTranscript.getState().error?.message).toBe('The worker stopped');
  });

  it('a tokenizer chosen while the load counts is counted once the load is done, not in its middle', async () => {
    const loaded = useTranscript.getState().load(request);
    onEvent({ type: 'estimate', view: estimate() });
    useSettings.getState().update({ tokenizer: 'cl100k_base' });
    expect(sent).toEqual(['load o200k_base']);
    finish.resolve({ ...view('o200k_base', 1, [9, 21]), sourceName: 'new.json' });
    expect(await loaded).toBe(true);
    expect(sent).toEqual(['load o200k_base', 'retokenize cl100k_base']);
  });
});
