/**
 * The store that holds the counts follows the tokenizer and the scale itself:
 * no component effect sits between a settings change and the recount, and
 * the view keeps the tokenizer its counts were made with until new ones come.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../core/settings';
import { workerClient } from '../worker/client';
import type { TranscriptView } from '../worker/protocol';
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
