import { describe, expect, it } from 'vitest';
import { detectFormat, importChunks, importTranscript } from './registry';
import { counts, fixture, importErrorOf, issueCodes } from './testSupport.node';

type Attr = { key: string; value: Record<string, unknown> };
const s = (key: string, value: string): Attr => ({ key, value: { stringValue: value } });
const n = (key: string, value: number): Attr => ({ key, value: { intValue: String(value) } });

interface SpanInit {
  id: string;
  end: string;
  attributes: Attr[];
  events?: { name: string; attributes: Attr[] }[];
}

function trace(...spans: SpanInit[]): string {
  return JSON.stringify({
    resourceSpans: [
      {
        resource: { attributes: [s('service.name', 'test')] },
        scopeSpans: [
          {
            scope: { name: 'test' },
            spans: spans.map((span) => ({
              traceId: 't1',
              spanId: span.id,
              name: `span ${span.id}`,
              startTimeUnixNano: '1000',
              endTimeUnixNano: span.end,
              attributes: span.attributes,
              events: span.events ?? [],
            })),
          },
        ],
      },
    ],
  });
}

describe('OpenTelemetry GenAI spans (OTLP JSON)', () => {
  it('reads the newest call of a trace in the current conventions: its input, then its output, with its usage', () => {
    const result = importTranscript(fixture('otel-genai.json'), { fileName: 'trace.json' });
    expect(result.format).toBe('otel');
    expect(result.detection.confidence).toBe(0.97);
    expect(counts(result.messages)).toEqual({
      messages: 5,
      roles: { system: 1, user: 1, assistant: 2, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      summaries: 0,
      withReasoning: 1,
      images: 0,
    });
    expect(result.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(result.messages[0].content).toBe('You help with the build scripts of this repository.');
    expect(result.messages[2].toolCalls).toEqual([
      { id: 'toolu_01', name: 'read_file', arguments: '{"path":"scripts/release.sh"}' },
    ]);
    expect(result.messages[3].toolCallId).toBe('toolu_01');
    expect(result.messages[4].content).toBe(
      'The docs step runs only when SKIP_DOCS is empty; the release job sets it.',
    );
    expect(result.usage).toEqual({
      contextTokens: 1402,
      inputTokens: 1402,
      cachedInputTokens: 1180,
      outputTokens: 31,
      model: 'claude-sonnet-4-20250514',
    });
    expect(issueCodes(result)).toEqual(['earlier-calls']);
    expect(result.issues[0].message).toContain('2 model calls');
  });

  it('reads OpenLLMetry flattened attributes from a collector file, one export request a line', async () => {
    const text = fixture('otel-openllmetry.jsonl');
    const result = importTranscript(text, { fileName: 'spans.jsonl' });
    expect(result.format).toBe('otel');
    expect(counts(result.messages)).toEqual({
      messages: 5,
      roles: { system: 1, user: 1, assistant: 2, tool: 1 },
      toolCalls: 1,
      pairedResults: 1,
      summaries: 0,
      withReasoning: 0,
      images: 0,
    });
    expect(result.messages[2].toolCalls).toEqual([
      { id: 'call_1', name: 'lookup_order', arguments: '{"order_id": "A-1187"}' },
    ]);
    expect(result.messages.every((m) => m.source?.line === 2)).toBe(true);
    expect(result.usage).toEqual({
      contextTokens: 468,
      inputTokens: 468,
      outputTokens: 19,
      model: 'gpt-4o-mini-2024-07-18',
    });
    async function* chunks(): AsyncGenerator<string> {
      for (let i = 0; i < text.length; i += 61) yield text.slice(i, i + 61);
    }
    expect(await importChunks(chunks(), { fileName: 'spans.jsonl' })).toEqual(result);
  });

  it("reads the Vercel AI SDK's doGenerate span (ai.prompt.messages and ai.response.toolCalls), not its outer span", () => {
    const prompt = [
      { role: 'system', content: 'You are a support agent.' },
      { role: 'user', content: [{ type: 'text', text: 'Where is order A-1187?' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup_order', input: { id: 'A-1187' } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'lookup_order',
            output: { type: 'json', value: { status: 'late' } },
          },
        ],
      },
    ];
    const text = trace(
      {
        id: 'outer',
        end: '9000',
        attributes: [
          s('ai.prompt', '{"prompt":"Where is order A-1187?"}'),
          s('ai.response.text', 'It is late.'),
        ],
      },
      {
        id: 'inner',
        end: '8000',
        attributes: [
          s('ai.prompt.messages', JSON.stringify(prompt)),
          s('ai.response.text', 'It is late.'),
          s('gen_ai.request.model', 'gpt-4o-mini'),
          n('gen_ai.usage.input_tokens', 80),
          n('gen_ai.usage.output_tokens', 5),
        ],
      },
    );
    const result = importTranscript(text);
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([
      ['system', 'You are a support agent.'],
      ['user', 'Where is order A-1187?'],
      ['assistant', ''],
      ['tool', '{"status":"late"}'],
      ['assistant', 'It is late.'],
    ]);
    expect(counts(result.messages).pairedResults).toBe(1);
    expect(result.usage).toEqual({
      contextTokens: 80,
      inputTokens: 80,
      outputTokens: 5,
      model: 'gpt-4o-mini',
    });
    expect(issueCodes(result)).toEqual([]);
  });

  it('reads gen_ai.input.messages written as Chat messages without parts, and an output of plain text', () => {
    const text = trace({
      id: 'a',
      end: '5000',
      attributes: [
        s('gen_ai.input.messages', JSON.stringify([{ role: 'user', content: 'Where is order 7?' }])),
        s('gen_ai.output.messages', 'It shipped yesterday.'),
      ],
    });
    expect(importTranscript(text).messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Where is order 7?'],
      ['assistant', 'It shipped yesterday.'],
    ]);
  });

  it('reads the older gen_ai.prompt / gen_ai.completion JSON strings carried by span events', () => {
    const text = trace({
      id: 'a',
      end: '5000',
      attributes: [s('gen_ai.system', 'openai')],
      events: [
        {
          name: 'gen_ai.content.prompt',
          attributes: [s('gen_ai.prompt', JSON.stringify([{ role: 'user', content: 'Say hi' }]))],
        },
        {
          name: 'gen_ai.content.completion',
          attributes: [s('gen_ai.completion', JSON.stringify([{ role: 'assistant', content: 'Hi!' }]))],
        },
      ],
    });
    const result = importTranscript(text);
    expect(result.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Say hi'],
      ['assistant', 'Hi!'],
    ]);
  });

  it('reads the older per-message events, a tool message answering the call by its id', () => {
    const text = trace({
      id: 'a',
      end: '5000',
      attributes: [s('gen_ai.system', 'openai')],
      events: [
        { name: 'gen_ai.user.message', attributes: [s('content', 'Weather in Paris?')] },
        {
          name: 'gen_ai.assistant.message',
          attributes: [
            s(
              'tool_calls',
              JSON.stringify([
                { id: 'w1', type: 'function', function: { name: 'weather', arguments: '{}' } },
              ]),
            ),
          ],
        },
        { name: 'gen_ai.tool.message', attributes: [s('content', 'rainy'), s('id', 'w1')] },
        {
          name: 'gen_ai.choice',
          attributes: [
            s('gen_ai.event.content', JSON.stringify({ index: 0, message: { content: 'It is rainy.' } })),
          ],
        },
      ],
    });
    const result = importTranscript(text);
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(result.messages[2].toolCallId).toBe('w1');
    expect(counts(result.messages).pairedResults).toBe(1);
    expect(result.messages[3].content).toBe('It is rainy.');
  });

  it('refuses a trace whose GenAI spans were recorded without content, saying content capture was off', () => {
    const text = trace({
      id: 'a',
      end: '5000',
      attributes: [s('gen_ai.operation.name', 'chat'), n('gen_ai.usage.input_tokens', 52)],
    });
    expect(detectFormat(text)).toEqual({
      format: 'otel',
      confidence: 0.5,
      reason: 'an OTLP export request (resourceSpans) with GenAI spans but no recorded messages',
    });
    const error = importErrorOf(() => importTranscript(text));
    expect(error.code).toBe('no-messages');
    expect(error.message).toContain('message content capture was off');
  });

  it('bids low on OTLP spans that are not GenAI calls, and not at all on look-alikes without resourceSpans', () => {
    const http = trace({ id: 'a', end: '5000', attributes: [s('http.request.method', 'POST')] });
    expect(detectFormat(http).confidence).toBe(0.3);
    expect(detectFormat(JSON.stringify({ spans: [{ attributes: [] }] })).format).not.toBe('otel');
  });
});
