/**
 * A session can change model midway: a developer switches to a cheaper one,
 * or the agent hands a turn to a small model. Every importer that records
 * usage per call keeps, on each call, the model the file says answered it,
 * so the cost prices each call at its own model (`providers/sessionCost.ts`).
 */
import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';

const models = (text: string, format?: Parameters<typeof importTranscript>[1]) =>
  importTranscript(text, format).history!.calls.map((c) => c.model);

const jsonl = (...records: object[]) => records.map((r) => JSON.stringify(r)).join('\n');

describe('the model of each recorded call', () => {
  it("Claude Code: each response's message.model; a response that names none has none", () => {
    const common = { isSidechain: false, sessionId: 's-1', version: '2.0.55' };
    const user = (uuid: string, parentUuid: string | null, content: string) => ({
      ...common,
      type: 'user',
      uuid,
      parentUuid,
      message: { role: 'user', content },
    });
    const reply = (uuid: string, parentUuid: string, id: string, model?: string) => ({
      ...common,
      type: 'assistant',
      uuid,
      parentUuid,
      message: {
        id,
        role: 'assistant',
        ...(model ? { model } : {}),
        content: [{ type: 'text', text: `answer ${id}` }],
        usage: { input_tokens: 10, cache_read_input_tokens: 100, output_tokens: 5 },
      },
    });
    const text = jsonl(
      user('u1', null, 'Plan the migration'),
      reply('a1', 'u1', 'm1', 'claude-opus-4-5-20251101'),
      user('u2', 'a1', 'Rename the files'),
      reply('a2', 'u2', 'm2', 'claude-haiku-4-5-20251001'),
      user('u3', 'a2', 'Done?'),
      reply('a3', 'u3', 'm3'),
    );
    expect(models(text)).toEqual(['claude-opus-4-5-20251101', 'claude-haiku-4-5-20251001', undefined]);
  });

  it("Codex: the turn_context's model in force when the token_count came", () => {
    const line = (type: string, payload: object) =>
      ({ timestamp: '2025-10-29T01:00:00.000Z', type, payload }) as object;
    const user = (text: string) =>
      line('response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
    const answer = (text: string) =>
      line('response_item', { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] });
    const count = (input: number) =>
      line('event_msg', {
        type: 'token_count',
        info: { last_token_usage: { input_tokens: input, cached_input_tokens: 0, output_tokens: 7 } },
      });
    const text = jsonl(
      line('session_meta', { id: 'x' }),
      user('first'),
      line('turn_context', { turn_id: 't1', model: 'gpt-5-codex' }),
      answer('one'),
      count(1000),
      user('second'),
      line('turn_context', { turn_id: 't2', model: 'gpt-5-mini' }),
      answer('two'),
      count(1500),
    );
    expect(models(text, { format: 'codex' })).toEqual(['gpt-5-codex', 'gpt-5-mini']);
  });

  it("pi: the reply's own model, else the newest model_change before it", () => {
    const entry = (id: string, parentId: string | null, message: object) => ({
      type: 'message',
      id,
      parentId,
      timestamp: 't',
      message,
    });
    const usage = { input: 100, output: 10, cacheRead: 0, cacheWrite: 0 };
    const text = jsonl(
      { type: 'session', version: 3, id: 'h', timestamp: 't', cwd: '/p' },
      { type: 'model_change', id: 'c1', parentId: null, provider: 'anthropic', modelId: 'claude-sonnet-4-5' },
      entry('e1', 'c1', { role: 'user', content: 'hi' }),
      // An older reply that does not name its model: the model_change above says it.
      entry('e2', 'e1', { role: 'assistant', content: [{ type: 'text', text: 'hello' }], usage }),
      { type: 'model_change', id: 'c2', parentId: 'e2', provider: 'openai', modelId: 'gpt-5' },
      entry('e3', 'c2', { role: 'user', content: 'again' }),
      entry('e4', 'e3', {
        role: 'assistant',
        content: [{ type: 'text', text: 'sure' }],
        usage,
        model: 'gpt-5-2025-08-07',
      }),
    );
    expect(models(text)).toEqual(['claude-sonnet-4-5', 'gpt-5-2025-08-07']);
  });

  it("OpenCode: the assistant message's modelID, on each of its steps", () => {
    const session = 'ses_1';
    const user = (id: string, text: string) => ({
      info: { id, sessionID: session, role: 'user', time: { created: 1 } },
      parts: [{ id: `${id}p`, type: 'text', text }],
    });
    const reply = (id: string, parentID: string, modelID: string) => ({
      info: {
        id,
        sessionID: session,
        role: 'assistant',
        parentID,
        modelID,
        providerID: 'x',
        time: { created: 2 },
        tokens: { input: 300, output: 20, reasoning: 0, cache: { read: 0, write: 0 } },
      },
      parts: [{ id: `${id}p`, type: 'text', text: `answer ${id}` }],
    });
    const text = JSON.stringify({
      info: { id: session, title: 't', time: { created: 1, updated: 2 } },
      messages: [
        user('msg_1', 'first'),
        reply('msg_2', 'msg_1', 'claude-sonnet-4-5'),
        user('msg_3', 'second'),
        reply('msg_4', 'msg_3', 'claude-haiku-4-5'),
      ],
    });
    expect(models(text)).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5']);
  });

  it("Gemini CLI: each reply's model, where the record names one", () => {
    const reply = (id: string, model?: string) => ({
      id,
      timestamp: '2026-02-10T08:00:04.000Z',
      type: 'gemini',
      content: `answer ${id}`,
      tokens: { input: 800, output: 30, cached: 0, thoughts: 0, tool: 0, total: 830 },
      ...(model ? { model } : {}),
    });
    const user = (id: string, text: string) => ({
      id,
      timestamp: '2026-02-10T08:00:01.000Z',
      type: 'user',
      content: [{ text }],
    });
    const text = jsonl(
      { sessionId: 's', projectHash: 'p', startTime: '2026-02-10T08:00:00.000Z', kind: 'main' },
      user('g1', 'first'),
      reply('g2', 'gemini-2.5-pro'),
      user('g3', 'second'),
      reply('g4', 'gemini-2.5-flash'),
      user('g5', 'third'),
      reply('g6'),
    );
    expect(models(text)).toEqual(['gemini-2.5-pro', 'gemini-2.5-flash', undefined]);
  });
});
