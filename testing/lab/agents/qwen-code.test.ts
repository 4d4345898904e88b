/** Qwen Code's compressions counted from its session file: the lab's before and after `/compress`. */
import { describe, expect, it } from 'vitest';
import { COMPRESS_ANSWER, compressionLines } from './qwen-code';

const record = (type: string, subtype?: string) =>
  JSON.stringify({ uuid: 'u', type, ...(subtype ? { subtype } : {}), message: { parts: [] } });

describe('compressionLines', () => {
  it('counts each chat_compression line, not a message that only mentions one', () => {
    const session = [
      record('user'),
      record('assistant'),
      record('system', 'chat_compression'),
      JSON.stringify({ type: 'user', message: { parts: [{ text: '"subtype":"chat_compression"' }] } }),
      record('system', 'chat_compression'),
      '',
    ].join('\n');
    expect(compressionLines(session)).toBe(2);
  });

  it('skips a half-written last line instead of failing on it', () => {
    expect(compressionLines(`${record('system', 'chat_compression')}\n{"type":"sys`)).toBe(1);
  });

  it('finds none in a session without a compression', () => {
    expect(compressionLines([record('user'), record('system', 'ui_telemetry')].join('\n'))).toBe(0);
  });
});

describe('COMPRESS_ANSWER', () => {
  it("reads /compress's answer as Qwen Code 0.24.4 draws it, the new count approximate", () => {
    const screen = '  > /compress\n  ◆︎ Chat history compressed from 29134 to ~17305 tokens.\n';
    expect(COMPRESS_ANSWER.exec(screen)?.[0]).toBe('Chat history compressed from 29134 to ~17305 tokens');
  });

  it('reads a refusal as the answer too', () => {
    expect(COMPRESS_ANSWER.exec('  ◆︎ Compression was not beneficial for this history size.')?.[0]).toBe(
      'Compression was not beneficial for this history size.',
    );
  });
});
