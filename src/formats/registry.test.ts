import { describe, expect, it } from 'vitest';
import { detectFormat, importChunks, importTranscript } from './registry';
import { MAX_IMPORT_BYTES } from './sizeLimit';
import { fixture } from './testSupport.node';
import { ImportError } from './types';
import { decodeUtf8, utf8Chunks } from './utf8';

function thrown(run: () => unknown): ImportError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw new Error(`expected an ImportError, got ${String(error)}`);
  }
  throw new Error('expected an ImportError, nothing was thrown');
}

async function thrownAsync(run: () => Promise<unknown>): Promise<ImportError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ImportError) return error;
    throw new Error(`expected an ImportError, got ${String(error)}`);
  }
  throw new Error('expected an ImportError, nothing was thrown');
}

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

describe('bad input', () => {
  it('an empty file is refused as empty', () => {
    const error = thrown(() => importTranscript('  \n\t', { fileName: 'a.json' }));
    expect(error.code).toBe('empty');
    expect(error.message).toBe('a.json: The file is empty');
  });

  it('a binary file is refused as binary', () => {
    const error = thrown(() => importTranscript('\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR'));
    expect(error.code).toBe('binary');
  });

  it('invalid UTF-8 bytes are refused with the offset of the first bad byte', () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0xff, 0x22, 0x7d]);
    const error = thrown(() => decodeUtf8(bytes, 'x.json'));
    expect(error.code).toBe('invalid-utf8');
    expect(error.message).toBe('x.json: The file is not valid UTF-8 text (first invalid byte at offset 3)');
  });

  it('invalid UTF-8 in a byte stream is refused even when the bad sequence straddles two chunks', async () => {
    async function* bytes(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array([0x61, 0x62, 0xe4]);
      yield new Uint8Array([0xbd, 0x41]);
    }
    const error = await thrownAsync(async () => {
      for await (const chunk of utf8Chunks(bytes())) void chunk;
    });
    expect(error.message).toBe('The file is not valid UTF-8 text (first invalid byte at offset 2)');
  });

  it('text that was decoded with replacement characters imports with a warning', () => {
    const result = importTranscript('User: caf\uFFFD\nAssistant: ok');
    expect(result.issues.map((i) => i.code)).toEqual(['replacement-characters']);
  });

  it('valid JSON that is not a transcript (a package.json) names what it found', () => {
    const error = thrown(() =>
      importTranscript(JSON.stringify({ name: 'x', version: '1.0.0', dependencies: {} }), {
        fileName: 'package.json',
      }),
    );
    expect(error.code).toBe('not-a-transcript');
    expect(error.message).toBe(
      'package.json: This is valid JSON but not a transcript in any known format (an object with keys name, version, dependencies). Pick the format explicitly if you know it.',
    );
  });

  it('truncated JSON names the line and column where the input ends', () => {
    const error = thrown(() =>
      importTranscript('{"messages": [\n  {"role": "user", "content": "hi"', { fileName: 'chat.json' }),
    );
    expect(error.code).toBe('invalid-json');
    expect(error).toMatchObject({ line: 2, column: 35 });
    expect(error.message).toBe(
      'chat.json: line 2, column 35: Unexpected end of input: the JSON is truncated',
    );
  });

  it('a syntax error names the line and column of the offending character', () => {
    const error = thrown(() =>
      importTranscript('{\n  "messages": [\n    {"role": "user", "content": }\n  ]\n}', {
        fileName: 'session.json',
      }),
    );
    expect(error.message).toBe('session.json: line 3, column 33: Unexpected character "}"');
  });

  it('nesting 10,000 levels deep is a clear error or a correct import, never a crash', () => {
    const deep = '['.repeat(10000) + ']'.repeat(10000);
    expect(thrown(() => importTranscript(deep)).code).toBe('not-a-transcript');
    const deepArgs = JSON.stringify({
      messages: [
        {
          role: 'assistant',
          content: '',
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c', content: 'ok' },
      ],
    }).replace('"arguments":"{}"', `"arguments":${'{"a":'.repeat(10000)}1${'}'.repeat(10000)}`);
    const result = importTranscript(deepArgs);
    expect(result.messages[0]!.toolCalls![0]!.arguments.length).toBeGreaterThan(10);
  });

  it('an item nested 100,000 levels deep inside a message imports the message, in every format', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const files = [
      'anthropic.json',
      'gemini.json',
      'langchain.json',
      'openai-chat.json',
      'openai-responses.json',
      'opencode.json',
      'claude-code.jsonl',
      'codex.jsonl',
      'gemini-cli.jsonl',
      'pi.jsonl',
    ];
    for (const file of files) {
      const text = fixture(file);
      const expected = importTranscript(text).messages.map((m) => m.content);
      for (const key of ['"role"', '"content"', '"type"', '"text"']) {
        // The deep value as an extra field beside the first occurrence of the key.
        const withDeep = text.replace(new RegExp(`${key}\\s*:`), `"extra": ${deep}, ${key}:`);
        if (withDeep === text) continue;
        const imported = importTranscript(withDeep).messages.map((m) => m.content);
        expect(imported, `${file}, beside ${key}`).toEqual(expected);
      }
    }
  });

  it('a broken deep structure still reports a position', () => {
    const error = thrown(() => importTranscript('['.repeat(10000) + ']'.repeat(9999)));
    expect(error.code).toBe('invalid-json');
    expect(error.column).toBe(20000);
  });

  it('__proto__ and constructor keys neither pollute prototypes nor resolve to inherited values', () => {
    const text =
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "messages": [{"role": "user", "content": "hi", "__proto__": {"role": "system"}, "constructor": "x"}]}';
    const result = importTranscript(text);
    expect(result.messages).toEqual([
      { id: 'm0', role: 'user', content: 'hi', source: { path: '$.messages[0]' } },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a single 5 MB string imports intact', () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    const result = importTranscript(JSON.stringify([{ role: 'user', content: big }]));
    expect(result.messages[0]!.content.length).toBe(5 * 1024 * 1024);
  });

  it('HTML and script text inside messages is kept as text', () => {
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const result = importTranscript(JSON.stringify([{ role: 'user', content: html }]));
    expect(result.messages[0]!.content).toBe(html);
  });

  it('a file over the cap is refused as too large before reading', async () => {
    const error = await thrownAsync(() =>
      importChunks(chunksOf('[]', 1), { totalBytes: MAX_IMPORT_BYTES + 1, fileName: 'huge.jsonl' }),
    );
    expect(error.code).toBe('too-large');
    expect(error.message).toBe(
      'huge.jsonl: The file is too large to import (200.0 MB; the limit is 200.0 MB)',
    );
  });

  it('a stream that grows past the cap is stopped as too large', async () => {
    async function* endless(): AsyncGenerator<string> {
      const line = `${JSON.stringify({ role: 'user', content: 'y'.repeat(1024 * 1024) })}\n`;
      for (;;) yield line;
    }
    const error = await thrownAsync(() => importChunks(endless()));
    expect(error.code).toBe('too-large');
    // 200 MB go through before the cap: on a loaded machine that is well over the usual 20 s.
  }, 180_000);

  it("a stack overflow is reported in the engine's words, not as input nested too deeply", async () => {
    const deeper = (n: number): number => (n === 0 ? 0 : 1 + deeper(n - 1));
    async function* overflowing(): AsyncGenerator<string> {
      yield '[';
      // Recursion with no floor: the stack runs out, whatever the input looks like.
      yield String(deeper(Infinity));
    }
    const error = await thrownAsync(() => importChunks(overflowing(), { fileName: 'long.jsonl' }));
    expect(error.code).toBe('internal');
    expect(error.message).toBe(
      "long.jsonl: The import ran out of stack space (Maximum call stack size exceeded): a value nested very deeply can cause this, or a fault in the importer; please report it with the file's format and size",
    );
  });

  it("another range error is reported as input too large, with the engine's words", async () => {
    async function* tooLong(): AsyncGenerator<string> {
      yield '[';
      // One more item than an array can hold.
      yield String(new Array(2 ** 32).length);
    }
    const error = await thrownAsync(() => importChunks(tooLong()));
    expect(error.message).toBe('The input is too large to process (Invalid array length)');
  });

  it('an aborted import stops with an aborted error', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await thrownAsync(() => importChunks(chunksOf('[]', 1), { signal: controller.signal }));
    expect(error.code).toBe('aborted');
  });
});

describe('detection', () => {
  it('falls back to plain text with speaker labels', () => {
    expect(detectFormat('User: hi\nAssistant: hello')).toEqual({
      format: 'text',
      confidence: 0.5,
      reason: '2 speaker labels (User:/Assistant:) in the first 2 lines',
    });
  });

  it('treats one JSON message per line as an array and reports source lines', () => {
    const text = '{"role":"user","content":"a"}\n{"role":"assistant","content":"b"}\n';
    const result = importTranscript(text);
    expect(result.format).toBe('openai-chat');
    expect(result.detection.reason.startsWith('one JSON value per line, read as an array')).toBe(true);
    expect(result.messages.map((m) => m.source)).toEqual([
      { path: '$[0]', line: 1 },
      { path: '$[1]', line: 2 },
    ]);
  });

  it('the streaming import gives the same result as the in-memory one', async () => {
    const text = '{"role":"user","content":"a 🚀"}\n{"role":"assistant","content":"b"}\n';
    const progress: number[] = [];
    const streamed = await importChunks(chunksOf(text, 7), { onProgress: (n) => progress.push(n) });
    expect(streamed).toEqual(importTranscript(text));
    expect(progress.at(-1)).toBe(new TextEncoder().encode(text).length);
  });

  it('a pretty-printed JSON file streams through the buffered path', async () => {
    const text = JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }, null, 2);
    expect(await importChunks(chunksOf(text, 5))).toEqual(importTranscript(text));
  });
});
