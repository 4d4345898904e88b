import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonDocument, neutralize, singleLine } from './io';
import { run, scratch, withEnv } from './testSupport.node';

/** A clipboard write (OSC 52), a screen clear (CSI 2J), and an 8-bit CSI (C1 U+009B). */
const CLIPBOARD = '\x1b]52;c;cm0gLXJmIH4K\x07';
const CLEAR = '\x1b[2J';
const C1_CSI = '\x9b31m';
const HOSTILE = `${CLIPBOARD}${CLEAR}${C1_CSI}`;
/** Anything that steers a terminal: C0 but tab and line feed, DEL, C1, the bidi controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

const { file } = scratch('cp-terminal-');
const name = `notes${HOSTILE}\u202e.json`;
const transcript = file(name, {
  format: 'compaction-playground',
  version: 1,
  messages: [
    { id: `s${HOSTILE}`, role: 'system', content: 'You are a careful agent.' },
    { id: 'u1', role: 'user', content: `Rename greet in src/greet.ts ${HOSTILE}; never touch CHANGELOG.md.` },
    { id: 'a1', role: 'assistant', content: `Renamed ${HOSTILE}.` },
    { id: 'u2', role: 'user', content: 'Ship it.' },
    { id: 'a2', role: 'assistant', content: 'Tagged v1.2.0.' },
  ],
});
const offline = ['--provider', 'offline', '--strategy', 'turns', '--keep-recent', '5'];

function expectPrintable(...texts: string[]) {
  for (const text of texts) expect(text).not.toMatch(RAW_CONTROL);
}

describe('what the command line prints from a transcript', () => {
  it('inspect: the table shows the control characters as escapes, never as themselves', async () => {
    const { code, out, err } = await run(['inspect', transcript]);
    expect(code).toBe(0);
    expectPrintable(out, err);
    expect(out).toContain('Rename greet in src/greet.ts \\u001b]52;c;');
  });

  it('inspect --json: parses back to the ids exactly as the file has them', async () => {
    const { code, out } = await run(['inspect', transcript, '--json']);
    expect(code).toBe(0);
    expectPrintable(out);
    expect(JSON.parse(out).messages[0].id).toBe(`s${HOSTILE}`);
  });

  it('a link made from the file: the transcript name is shown escaped, and --json gives it back exactly', async () => {
    const link = (await run(['share', transcript])).out.trim();
    const table = await run(['inspect', '--link', link]);
    expect(table.code).toBe(0);
    expectPrintable(table.out, table.err);
    expect(table.out).toContain(
      'link        full link "notes\\u001b]52;c;cm0gLXJmIH4K\\u0007\\u001b[2J\\u009b31m\\u202e.json"',
    );
    const json = await run(['inspect', '--link', link, '--json']);
    expectPrintable(json.out);
    expect(JSON.parse(json.out).link.transcriptName).toBe(name);
  });

  it('compact: the summary, the result and the --eval facts show them escaped, streamed or not', async () => {
    for (const terminal of [false, true]) {
      const { code, out, err, streamed } = await run(['compact', transcript, ...offline, '--eval'], {
        terminal,
      });
      expect(code).toBe(0);
      expectPrintable(out, err, streamed);
      expect(out + streamed).toContain('src/greet.ts \\u001b]52;c;cm0gLXJmIH4K\\u0007');
    }
  });

  it('compact --json: parses back to the summary with the text exactly as the transcript has it', async () => {
    const { code, out } = await run(['compact', transcript, ...offline, '--json', '--eval']);
    expect(code).toBe(0);
    expectPrintable(out);
    const doc = JSON.parse(out);
    expect(doc.summary).toContain(`Rename greet in src/greet.ts ${HOSTILE}; never touch CHANGELOG.md.`);
  });

  it('a file name in an error is shown escaped', async () => {
    const { code, err } = await run(['inspect', `missing${HOSTILE}.json`]);
    expect(code).toBe(2);
    expectPrintable(err);
    expect(err).toContain('missing\\u001b]52;c;cm0gLXJmIH4K\\u0007');
  });
});

describe("a provider's error message", () => {
  let server: Server;
  let url = '';
  let restoreEnv = () => {};
  beforeAll(async () => {
    server = createServer((_, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: `key refused ${HOSTILE}\x1b]0;owned\x07` } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => restoreEnv());

  it('reaches stderr escaped when it stops the run', async () => {
    restoreEnv = withEnv({ OPENAI_API_KEY: 'sk-test-0000000000', COMPACTION_PLAYGROUND_API_KEY: undefined });
    const args = ['compact', transcript, '--provider', 'openai', '--base-url', url, '--model', 'm'];
    const { code, err } = await run([...args, '--keep-recent', '5']);
    expect(code).toBe(1);
    expectPrintable(err);
    expect(err).toContain('key refused \\u001b]52;c;cm0gLXJmIH4K\\u0007');
  });
});

describe('neutralize', () => {
  it('shows every control character as an escape, keeps tabs and line breaks, and reads CRLF as a line break', () => {
    expect(neutralize('a\tb\r\nc\rd\x00\x7f\x85\u2066e\u2069')).toBe(
      'a\tb\nc\\u000dd\\u0000\\u007f\\u0085\\u2066e\\u2069',
    );
  });

  it('leaves other text as it is: accents, CJK, emoji, Arabic', () => {
    const text = 'café 日本語 😀 مرحبا — “quoted”';
    expect(neutralize(text)).toBe(text);
  });
});

describe('singleLine (the status line)', () => {
  it('removes whole escape sequences: a clipboard write, a screen clear, an 8-bit CSI, a title ended by ST', () => {
    expect(singleLine(`a${CLIPBOARD}b${CLEAR}c${C1_CSI}d\x1b]0;title\x1b\\e`)).toBe('abcde');
  });

  it('makes every line break and tab a space, so the text stays one line', () => {
    expect(singleLine('model\nname\r\nx\ty\u000b\u000cz\u0085w\u2028v\u2029u')).toBe(
      'model name x y z w v u',
    );
  });

  it('drops what is left of the controls: a lone ESC, an unended OSC’s introducer, NUL, DEL, C1, bidi', () => {
    const out = singleLine('a\x1bb\x1b]52;c;x c\x00\x7f\x90\u202ed');
    expect(out).toBe('ab]52;c;x cd');
    expect(out).not.toMatch(RAW_CONTROL);
  });

  it('leaves other text as it is', () => {
    expect(singleLine('Opus 4.1 · café · 東京 · 🚀')).toBe('Opus 4.1 · café · 東京 · 🚀');
  });
});

describe('jsonDocument', () => {
  it('escapes C1, DEL and the bidi controls as \\uXXXX, and parses back to the same value', () => {
    const value = { text: `${HOSTILE}\x7f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069`, n: 1 };
    const text = jsonDocument(value);
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toContain('\\u009b31m');
    expect(JSON.parse(text)).toEqual(value);
  });
});
