import { describe, expect, it } from 'vitest';
import { ImportError, importReport, importTranscript, readSession } from './index';
import { fixture } from './testSupport.node';

const goose = fixture('goose.jsonl');

/** The text's bytes in pieces of `size`, so characters of more than one byte fall across pieces. */
function pieces(text: string, size: number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

describe('readSession, the formats entry point', () => {
  it('gives the messages and the report that importTranscript and inspect --json give', async () => {
    const read = await readSession(goose, { fileName: 'goose.jsonl' });
    const whole = importTranscript(goose, { fileName: 'goose.jsonl' });
    expect(read.format).toBe('goose');
    expect(read.messages).toEqual(whole.messages);
    expect(read.report).toEqual(importReport(whole));
    expect(read.report.problems).toEqual([]);
    expect(read.report.notes.map((n) => n.code)).toEqual(['agent-invisible', 'user-only-content']);
    expect(read.report.detection.confidence).toBe(0.97);
    expect(read.title).toBe('Fix CSV export last row');
  });

  it('reads bytes, a Web stream of bytes split inside characters, and an async iterable of text alike', async () => {
    // The Roo Code fixture's mode names carry an emoji: four bytes that the pieces cut apart.
    const text = fixture('roo-code-task.json');
    const expected = importTranscript(text).messages;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces(text, 7)) controller.enqueue(piece);
        controller.close();
      },
    });
    async function* texts(): AsyncGenerator<string> {
      for (let i = 0; i < text.length; i += 101) yield text.slice(i, i + 101);
    }
    for (const input of [new TextEncoder().encode(text), stream, texts()]) {
      const read = await readSession(input);
      expect(read.format).toBe('cline');
      expect(read.messages).toEqual(expected);
    }
  });

  it('refuses bytes that are not UTF-8, saying where, and a stream that mixes text and bytes', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"a":'), 0xff, 0x7d]);
    await expect(readSession(bytes, { fileName: 'bad.json' })).rejects.toThrow(
      expect.objectContaining({ code: 'invalid-utf8' }) as Error,
    );
    async function* mixed(): AsyncGenerator<Uint8Array | string> {
      yield new TextEncoder().encode('[');
      yield ']';
    }
    await expect(readSession(mixed())).rejects.toThrow(
      'The stream mixes text and byte chunks: give one or the other',
    );
  });

  it('refuses a file with no messages with the same one line as the command', async () => {
    const hidden = goose
      .split('\n')
      .filter((line, i) => i === 0 || line.includes('"agentVisible":false'))
      .join('\n');
    const error = await readSession(hidden).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).code).toBe('no-messages');
    expect((error as ImportError).message.startsWith('no messages: ')).toBe(true);
  });
});
