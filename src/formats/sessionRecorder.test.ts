import { describe, expect, it } from 'vitest';
import type { Message } from '../core/message';
import { importChunks, importTranscript } from './registry';
import { SessionRecorder } from './sessionRecorder';
import { contextFromHistory, fixture } from './testSupport.node';

const message = (id: string, role: Message['role'] = 'user'): Message => ({ id, role, content: id });
const unknownTokens = { trigger: null, tokensBefore: null, tokensAfter: null };

describe('SessionRecorder', () => {
  it('gives each message object one index, in the order first seen', () => {
    const recorder = new SessionRecorder();
    const [a, b, c] = [message('a'), message('b'), message('c')];
    recorder.recordAll([a, b]);
    expect(recorder.record(a)).toBe(0);
    recorder.recordAll([a, b, c], 1);
    expect(recorder.messages).toEqual([a, b, c]);
    expect(recorder.indexOf(c)).toBe(2);
  });

  it('a compaction sits at the first message it wrote; what it kept keeps its old index', () => {
    const recorder = new SessionRecorder();
    const [system, old, summary] = [message('system', 'system'), message('old'), message('summary')];
    recorder.recordAll([system, old]);
    const recorded = recorder.compaction([system, summary], { ...unknownTokens, source: 'test' });
    expect(recorded).toEqual({ atMessage: 2, contextAfter: [0, 2], ...unknownTokens, source: 'test' });
  });

  it('records no history for a context that is all there is', () => {
    const recorder = new SessionRecorder();
    const context = [message('a'), message('b', 'assistant')];
    recorder.recordAll(context);
    expect(recorder.history(context)).toBeUndefined();
    expect(recorder.history(context.slice(1))).toEqual({ messages: context, compactions: [], calls: [] });
  });

  it('a context message the importer never handed over still joins the history', () => {
    const recorder = new SessionRecorder();
    const [question, reply] = [message('question'), message('reply', 'assistant')];
    recorder.call(reply, {
      contextTokens: 12,
      inputTokens: 12,
      cacheReadTokens: null,
      cacheWriteTokens: null,
      outputTokens: 3,
    });
    expect(recorder.history([question, reply])!.messages).toEqual([reply, question]);
  });
});

describe('summary envelopes in a context file', () => {
  it('our own envelope in a playground export is a compaction at the summary, keeping what precedes it', () => {
    const result = importTranscript(fixture('canonical-compacted.json'));
    expect(result.messages.map((m) => m.id)).toEqual(['m0', 'summary', 'm7', 'm8', 'm9', 'm10']);
    expect(result.history).toEqual({
      messages: result.messages,
      compactions: [{ atMessage: 1, contextAfter: [0, 1], ...unknownTokens, source: 'summary message' }],
      calls: [],
    });
  });

  it("WeKnora's envelope in a Chat Completions request is recognized by its lead-in", () => {
    const result = importTranscript(fixture('openai-chat-weknora.json'));
    expect(result.format).toBe('openai-chat');
    expect(result.messages.map((m) => [m.id, m.role])).toEqual([
      ['m0', 'system'],
      ['m1', 'user'],
      ['m2', 'user'],
      ['m3', 'assistant'],
      ['m4', 'tool'],
      ['m5', 'assistant'],
    ]);
    expect(result.history!.messages).toEqual(result.messages);
    expect(result.history!.compactions).toEqual([
      { atMessage: 1, contextAfter: [0, 1], ...unknownTokens, source: 'summary message' },
    ]);
    expect(contextFromHistory(result.history!)).toEqual(result.messages);
  });

  it('a context with no summary and no usage per call has no history', () => {
    expect(importTranscript(fixture('openai-chat.json')).history).toBeUndefined();
    expect(importTranscript(fixture('anthropic.json')).history).toBeUndefined();
    expect(importTranscript(fixture('plain.txt')).history).toBeUndefined();
  });
});

describe('usage per call in payload formats', () => {
  it('Anthropic messages saved from responses keep their usage: one call each, cache writes and reads in the prompt', () => {
    const result = importTranscript(fixture('anthropic-usage.json'));
    expect(result.messages.map((m) => m.id)).toEqual([
      'system',
      'm0',
      'msg_01Ab',
      'm2:0',
      'msg_01Cd',
      'm4:0',
      'msg_01Ef',
    ]);
    expect(result.history!.messages).toEqual(result.messages);
    expect(result.history!.compactions).toEqual([]);
    expect(result.history!.calls).toEqual([
      {
        atMessage: 2,
        contextTokens: 2412,
        inputTokens: 12,
        cacheReadTokens: 0,
        cacheWriteTokens: 2400,
        outputTokens: 48,
      },
      {
        atMessage: 4,
        contextTokens: 2605,
        inputTokens: 85,
        cacheReadTokens: 2400,
        cacheWriteTokens: 120,
        outputTokens: 30,
      },
      {
        atMessage: 6,
        contextTokens: 2620,
        inputTokens: 40,
        cacheReadTokens: 2520,
        cacheWriteTokens: 60,
        outputTokens: 35,
      },
    ]);
  });

  it('an Anthropic compaction block keeps the messages it hid in the history', () => {
    const body = {
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'first question' },
        { role: 'assistant', content: 'first answer' },
        {
          role: 'assistant',
          content: [
            { type: 'compaction', content: 'The user asked a first question.' },
            { type: 'text', text: 'Continuing.' },
          ],
        },
        { role: 'user', content: 'second question' },
      ],
    };
    const result = importTranscript(JSON.stringify(body));
    expect(result.messages.map((m) => m.id)).toEqual(['system', 'm2:0', 'm2', 'm3']);
    const history = result.history!;
    expect(history.messages.map((m) => m.id)).toEqual(['system', 'm0', 'm1', 'm2:0', 'm2', 'm3']);
    expect(history.compactions).toEqual([
      { atMessage: 3, contextAfter: [0, 3, 4], ...unknownTokens, source: 'compaction block' },
    ]);
    expect(contextFromHistory(history)).toEqual(result.messages);
  });

  it('a Responses body with usage is one call, at the reply its output wrote', () => {
    const response = {
      object: 'response',
      model: 'gpt-5',
      instructions: 'Be concise.',
      input: [{ role: 'user', content: 'Name one prime.' }],
      output: [
        { type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text: '7' }] },
      ],
      usage: {
        input_tokens: 1200,
        input_tokens_details: { cached_tokens: 1024 },
        output_tokens: 5,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: 1205,
      },
    };
    const result = importTranscript(JSON.stringify(response));
    expect(result.messages.map((m) => m.id)).toEqual(['instructions', 'in0', 'msg_1']);
    expect(result.history!.calls).toEqual([
      {
        atMessage: 2,
        contextTokens: 1200,
        inputTokens: 176,
        cacheReadTokens: 1024,
        cacheWriteTokens: null,
        outputTokens: 5,
      },
    ]);
  });

  it('a Responses compaction item keeps the items before it in the history', () => {
    const request = {
      model: 'gpt-5',
      input: [
        { role: 'user', content: 'old question' },
        { type: 'compaction', encrypted_content: 'gAAAA-opaque' },
        { role: 'user', content: 'new question' },
      ],
    };
    const result = importTranscript(JSON.stringify(request));
    expect(result.messages.map((m) => m.id)).toEqual(['in1', 'in2']);
    expect(result.history!.messages.map((m) => m.id)).toEqual(['in0', 'in1', 'in2']);
    expect(result.history!.compactions).toEqual([
      { atMessage: 1, contextAfter: [1], ...unknownTokens, source: 'compaction' },
    ]);
  });

  it('LangChain AI messages with usage_metadata are calls', () => {
    const result = importTranscript(fixture('langchain.json'));
    expect(result.history!.compactions).toEqual([]);
    expect(result.history!.calls).toEqual([
      {
        atMessage: 2,
        contextTokens: 10,
        inputTokens: 10,
        cacheReadTokens: null,
        cacheWriteTokens: null,
        outputTokens: 5,
      },
    ]);
    expect(result.history!.messages[2]!.role).toBe('assistant');
  });
});

describe('a Gemini CLI chat with a compression snapshot', () => {
  const result = importTranscript(fixture('gemini-cli-compressed.jsonl'));
  const history = result.history!;

  it('keeps the context from the snapshot as the messages, and every record before it in the history', () => {
    expect(result.messages.map((m) => [m.id, m.kind])).toEqual([
      ['g4', 'summary'],
      ['g6', undefined],
      ['g7', undefined],
    ]);
    expect(history.messages.map((m) => m.id)).toEqual(['g1', 'g2', 'g2:gh-1', 'g3', 'g4', 'g6', 'g7']);
    expect(contextFromHistory(history)).toEqual(result.messages);
  });

  it('records the snapshot as a compaction and the tokens of each reply as a call', () => {
    expect(history.compactions).toEqual([
      {
        atMessage: 4,
        contextAfter: [4],
        ...unknownTokens,
        source: 'state_snapshot',
        line: 5,
        // The snapshot's time (08:20:00) less the record before it (08:00:07): the file keeps no more precise one.
        durationMs: 1_193_000,
        durationSource: 'timestamps',
      },
    ]);
    expect(history.calls).toEqual([
      {
        atMessage: 1,
        contextTokens: 8200,
        inputTokens: 8200,
        cacheReadTokens: 0,
        cacheWriteTokens: null,
        outputTokens: 35,
        model: 'gemini-2.5-pro',
      },
      {
        atMessage: 3,
        contextTokens: 8400,
        inputTokens: 300,
        cacheReadTokens: 8100,
        cacheWriteTokens: null,
        outputTokens: 42,
        model: 'gemini-2.5-pro',
      },
      {
        atMessage: 6,
        contextTokens: 2300,
        inputTokens: 2300,
        cacheReadTokens: 0,
        cacheWriteTokens: null,
        outputTokens: 28,
        model: 'gemini-2.5-pro',
      },
    ]);
  });
});

describe('history fixtures', () => {
  const files = [
    'codex-compacted.jsonl',
    'pi-compactions.jsonl',
    'opencode-compactions.json',
    'gemini-cli-compressed.jsonl',
    'canonical-compacted.json',
    'openai-chat-weknora.json',
    'anthropic-usage.json',
  ];
  for (const file of files) {
    it(`${file} records the same history when streamed in small chunks`, async () => {
      const text = fixture(file);
      async function* chunks(): AsyncGenerator<string> {
        for (let i = 0; i < text.length; i += 97) yield text.slice(i, i + 97);
      }
      const whole = importTranscript(text, { fileName: file });
      expect(whole.history).toBeDefined();
      expect(await importChunks(chunks(), { fileName: file })).toEqual(whole);
    });

    it(`${file}: every recorded index points into the history, and each call at an assistant message`, () => {
      const { history } = importTranscript(fixture(file));
      const size = history!.messages.length;
      for (const c of history!.compactions) {
        expect(c.atMessage).toBeLessThan(size);
        expect(c.contextAfter).toContain(c.atMessage);
        for (const i of c.contextAfter) expect(i).toBeLessThan(size);
      }
      for (const call of history!.calls) expect(history!.messages[call.atMessage]!.role).toBe('assistant');
    });
  }
});
