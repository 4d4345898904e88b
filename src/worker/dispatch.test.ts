import { describe, expect, it } from 'vitest';
import type { TextCounter, TokenizerId } from '../core';
import { normalizeSettings } from '../core/settings';
import { createDispatcher } from './dispatch';
import { Estimators } from './estimators';
import type { TranscriptView, WorkerOutbound, WorkerRequest } from './protocol';
import { Running } from './running';
import { Session } from './session';

// 40 and 18 characters: 10 and 5 tokens by the chars4 rule.
const FIRST = JSON.stringify([
  { role: 'user', content: 'Fix the failing test in src/a.ts please.' },
  { role: 'assistant', content: 'Looking at it now.' },
]);
const SECOND = JSON.stringify([{ role: 'user', content: 'Another session.' }]);

/** A dispatcher with its own state; `counter` gives each tokenizer's counter. */
function worker(counter?: (tokenizer: TokenizerId) => Promise<TextCounter>) {
  const posted: WorkerOutbound[] = [];
  const handle = createDispatcher((message) => posted.push(message), {
    session: new Session(),
    estimators: new Estimators(counter),
    running: new Running(),
  });
  let id = 0;
  const ask = <T extends WorkerRequest['type']>(request: Omit<Extract<WorkerRequest, { type: T }>, 'id'>) =>
    handle({ ...request, id: ++id } as WorkerRequest);
  const load = (text: string, tokenizer: TokenizerId = 'chars4') =>
    ask<'load'>({
      type: 'load',
      source: { kind: 'text', text },
      sourceName: 'chat.json',
      tokenizer,
      scale: 1,
    }) as Promise<TranscriptView>;
  const events = () => posted.flatMap((m) => (m.type === 'event' ? [m.event] : []));
  return { posted, ask, load, events };
}

/** Counts one token per character: a tokenizer whose counts differ from chars4's at a glance. */
const perCharacter: TextCounter = (text) => text.length;

describe('the worker’s requests, answered without a worker', () => {
  it('answers a load with the view of the pasted transcript, counted, its progress ending at the last message', async () => {
    const { load, posted } = worker();
    const view = await load(FIRST);
    expect(view.counts).toEqual([10, 5]);
    expect(view.roles).toEqual(['user', 'assistant']);
    expect(view).toMatchObject({
      format: 'openai-chat',
      sourceName: 'chat.json',
      bytes: FIRST.length,
      tokenizer: 'chars4',
      scale: 1,
      previews: ['Fix the failing test in src/a.ts please.', 'Looking at it now.'],
    });
    expect(posted.at(-1)).toEqual({
      id: 1,
      type: 'progress',
      progress: { phase: 'tokenizing', done: 2, total: 2 },
    });
  });

  it("takes the part not in the file a link's transcript carries as measured, when no usage per call measures it", async () => {
    const { load } = worker();
    const messages = JSON.parse(FIRST) as unknown[];
    const linked = (extra: object) =>
      JSON.stringify({ format: 'compaction-playground', version: 1, messages, ...extra });
    expect((await load(linked({ unseenTokens: 17_123 }))).unseenTokens).toBe(17_123);
    expect((await load(linked({}))).unseenTokens).toBeNull();
  });

  it('gives each view a new key', async () => {
    const { load, ask } = worker();
    const first = await load(FIRST);
    const recounted = (await ask<'retokenize'>({
      type: 'retokenize',
      tokenizer: 'chars4',
      scale: 2,
    })) as TranscriptView;
    expect(recounted.key).toBe(first.key + 1);
    expect(recounted.counts).toEqual([20, 10]);
  });

  it('opens a message with the JSON item it was read from, and names a message that is not there', async () => {
    const { load, ask } = worker();
    await load(FIRST);
    expect(await ask<'detail'>({ type: 'detail', index: 1 })).toEqual({
      index: 1,
      message: { id: 'm1', role: 'assistant', content: 'Looking at it now.', source: { path: '$[1]' } },
      raw: '{\n  "role": "assistant",\n  "content": "Looking at it now."\n}',
    });
    await expect(ask<'detail'>({ type: 'detail', index: 2 })).rejects.toThrow('No message #2');
  });

  it('says no transcript is loaded to a request that needs one, and answers empty where empty is an answer', async () => {
    const { ask } = worker();
    await expect(ask<'detail'>({ type: 'detail', index: 0 })).rejects.toThrow('No transcript is loaded');
    await expect(ask<'retokenize'>({ type: 'retokenize', tokenizer: 'chars4', scale: 1 })).rejects.toThrow(
      'No transcript is loaded',
    );
    await expect(ask<'export'>({ type: 'export', format: 'openai-chat', which: 'loaded' })).rejects.toThrow(
      'No transcript is loaded',
    );
    expect(await ask<'search'>({ type: 'search', query: 'x' })).toEqual({
      hits: [],
      capped: false,
    });
    expect(await ask<'hash'>({ type: 'hash' })).toBeNull();
    expect(await ask<'fit'>({ type: 'fit', settings: normalizeSettings({}) })).toBeNull();
  });

  it('exports the compacted list only after a preview made one', async () => {
    const { load, ask } = worker();
    await load(FIRST);
    await expect(
      ask<'export'>({ type: 'export', format: 'openai-chat', which: 'compacted' }),
    ).rejects.toThrow('Run a preview first');
    const exported = (await ask<'export'>({
      type: 'export',
      format: 'openai-chat',
      which: 'loaded',
    })) as string;
    expect(JSON.parse(exported)).toEqual({ messages: JSON.parse(FIRST) });
  });

  it('draws estimated bars first while the tokenizer loads, then the exact counts; a loaded tokenizer needs none', async () => {
    const { load, events } = worker(async (tokenizer) =>
      tokenizer === 'chars4' ? (text) => Math.ceil(text.length / 4) : perCharacter,
    );
    const view = await load(FIRST, 'o200k_base');
    expect(events()).toHaveLength(1);
    const [estimate] = events() as Extract<ReturnType<typeof events>[number], { type: 'estimate' }>[];
    expect(estimate!.view).toMatchObject({
      counts: [10, 5],
      tokenizer: 'chars4',
      estimatedFor: 'o200k_base',
    });
    // Each character of the role and the text a token, and 3 tokens of framing per message.
    expect(view.counts).toEqual([4 + 40 + 3, 9 + 18 + 3]);
    expect(view.tokenizer).toBe('o200k_base');
    expect(view.estimatedFor).toBeUndefined();

    await load(SECOND, 'o200k_base');
    expect(events()).toHaveLength(1);
  });

  it('stops a load at once when Cancel comes while the tokenizer table loads, back on the transcript before', async () => {
    let release: (counter: TextCounter) => void = () => undefined;
    const table = new Promise<TextCounter>((resolve) => (release = resolve));
    const { load, ask, events } = worker((tokenizer) =>
      tokenizer === 'chars4' ? Promise.resolve((text) => Math.ceil(text.length / 4)) : table,
    );
    await load(FIRST); // id 1
    const before = await ask<'hash'>({ type: 'hash' }); // id 2
    const loading = load(SECOND, 'o200k_base'); // id 3
    const outcome = loading.then(
      () => 'counted',
      (error: Error) => error.message,
    );
    while (events().length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
    await ask<'cancel'>({ type: 'cancel', target: 3 });
    // The table is still loading: the load has ended all the same.
    expect(await Promise.race([outcome, table.then(() => 'the table came first')])).toBe(
      'The import was cancelled',
    );
    expect(await ask<'hash'>({ type: 'hash' })).toBe(before);
    // The table goes on loading, and the next load counts with it.
    release(perCharacter);
    expect((await load(SECOND, 'o200k_base')).counts).toEqual([4 + 16 + 3]);
  });

  it('stays on the transcript before when a load fails while counting', async () => {
    const { load, ask, events } = worker(async (tokenizer) => {
      if (tokenizer === 'chars4') return (text) => Math.ceil(text.length / 4);
      throw new Error('The ranks could not be read');
    });
    await load(FIRST);
    const before = await ask<'hash'>({ type: 'hash' });
    await expect(load(SECOND, 'o200k_base')).rejects.toThrow('The ranks could not be read');
    // The failed load had already drawn its estimate: the page puts the previous view back.
    expect(events()).toHaveLength(1);
    expect(await ask<'hash'>({ type: 'hash' })).toBe(before);
    expect(await ask<'detail'>({ type: 'detail', index: 1 })).toMatchObject({
      message: { content: 'Looking at it now.' },
    });
  });
});
