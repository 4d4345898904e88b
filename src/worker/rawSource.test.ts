import { describe, expect, it } from 'vitest';
import { importTranscript } from '../formats/registry';
import { MAX_RAW_DEPTH, RawSource, prettyJson } from './rawSource';

const LEVELS = 100_000;
const deepArray = '['.repeat(LEVELS) + ']'.repeat(LEVELS);

describe('RawSource', () => {
  it('shows a JSON item exactly as JSON.stringify would indent it', () => {
    const text = JSON.stringify({ messages: [{ role: 'user', content: 'hi', extra: { a: [1, 2] } }] });
    const { messages } = importTranscript(text);
    expect(new RawSource(text).get(messages[0]!.source)).toBe(
      JSON.stringify({ role: 'user', content: 'hi', extra: { a: [1, 2] } }, null, 2),
    );
  });

  it('shows an item nested 100,000 levels deep cut short with a note, instead of overflowing the stack', () => {
    const text = `{"messages": [{"role": "user", "content": "hi", "extra": ${deepArray}}, {"role": "assistant", "content": "ok"}]}`;
    const { messages } = importTranscript(text);
    expect(messages.map((m) => m.content)).toEqual(['hi', 'ok']);
    const raw = new RawSource(text).get(messages[0]!.source)!;
    expect(raw).toContain('"content": "hi"');
    expect(raw).toContain(`"[… nested deeper than ${MAX_RAW_DEPTH} levels, not shown]"`);
    expect(raw.length).toBeLessThan(20_000);
    expect(new RawSource(text).get(messages[1]!.source)).toContain('"content": "ok"');
  });

  it('does the same for a deep JSONL line', () => {
    const text = [
      JSON.stringify({ type: 'session', version: 3, id: 's', timestamp: '2025-01-01T00:00:00Z', cwd: '/' }),
      `{"type": "message", "id": "a", "parentId": null, "timestamp": "2025-01-01T00:00:01Z", "message": {"role": "user", "content": "hi", "deep": ${deepArray}}}`,
    ].join('\n');
    const raw = new RawSource(text).get({ line: 2 })!;
    expect(raw).toContain('"content": "hi"');
    expect(raw).toContain('not shown]');
  });

  it('keeps a line that is not JSON as it is', () => {
    expect(new RawSource('User: hello\nAssistant: hi').get({ line: 2 })).toBe('Assistant: hi');
  });
});

describe('prettyJson', () => {
  it('keeps a __proto__ key as an ordinary key', () => {
    expect(prettyJson(JSON.parse('{"__proto__": {"x": 1}}'))).toBe('{\n  "__proto__": {\n    "x": 1\n  }\n}');
  });

  it(`shows exactly ${MAX_RAW_DEPTH} levels`, () => {
    const shown = (depth: number) =>
      JSON.parse(prettyJson(JSON.parse('['.repeat(depth) + ']'.repeat(depth))));
    let inner: unknown = shown(MAX_RAW_DEPTH);
    for (let i = 1; i < MAX_RAW_DEPTH; i++) inner = (inner as unknown[])[0];
    expect(inner).toEqual([]);
    inner = shown(MAX_RAW_DEPTH + 1);
    for (let i = 1; i < MAX_RAW_DEPTH; i++) inner = (inner as unknown[])[0];
    expect(inner).toEqual([`[… nested deeper than ${MAX_RAW_DEPTH} levels, not shown]`]);
  });
});
