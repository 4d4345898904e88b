/**
 * What `inspect` says of the part of the request the file does not show,
 * split into what is known and what is only inferred, on Claude Code
 * sessions written here; `statusline` reads the same newest call; and the
 * window the file's model has, unless one is typed or a link carries one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statusText } from './statusline';
import { run, scratch } from './testSupport.node';

/** The session Claude Code 2.1.328 wrote in the conformance lab, trimmed. */
const LAB_FIXTURE = new URL('../formats/fixtures/lab/claude-code/2.1.328/session.jsonl', import.meta.url);

const common = { isSidechain: false, sessionId: 's-split', version: '2.0.55' };
const line = (record: object) => `${JSON.stringify({ ...common, ...record })}\n`;
const user = (uuid: string, parent: string | null, content: string) =>
  line({ type: 'user', uuid, parentUuid: parent, message: { role: 'user', content } });
/** An assistant reply with its call's usage: fresh input, cache reads and cache writes apart. */
const reply = (uuid: string, parent: string, text: string, usage: [number, number, number], model: string) =>
  line({
    type: 'assistant',
    uuid,
    parentUuid: parent,
    message: {
      id: `m-${uuid}`,
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      usage: {
        input_tokens: usage[0],
        cache_read_input_tokens: usage[1],
        cache_creation_input_tokens: usage[2],
        output_tokens: 20,
      },
    },
  });

/** Two calls: 3 + 12,000 + 500 sent first, 10 + 12,600 + 300 = 12,910 the newest. */
function session(model = 'claude-sonnet-4-5-20250929') {
  return (
    user('u1', null, 'Please rename the helper in src/util.ts and keep the tests green.') +
    reply('a1', 'u1', 'Renamed it; running the tests now.', [3, 12_000, 500], model) +
    user('u2', 'a1', 'Good. Now update the changelog.') +
    reply('a2', 'u2', 'Changelog updated.', [10, 12_600, 300], model)
  );
}

const inspectJson = async (...argv: string[]) => {
  const r = await run(['inspect', ...argv, '--tokenizer', 'chars4', '--json']);
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
};

describe('inspect: the part not in the file, known and inferred', () => {
  it("infers the newest call's input + cache read + cache creation less the messages it sent", async () => {
    const file = scratch('split-').file('s.jsonl', session());
    const doc = await inspectJson(file);
    const tokens = doc.messages.map((m: { tokens: number }) => m.tokens);
    expect(tokens).toEqual([17, 9, 8, 5]);
    // The newest call sent the three messages before its reply: 17 + 9 + 8 = 34 of its 12,910.
    expect(doc.lastCallTokens).toBe(12_910);
    expect(doc.unseenInferredTokens).toBe(12_910 - 34);
    expect(doc.unseenTokens).toBe(12_876);
    // Claude Code records no system prompt: nothing of it is known.
    expect([doc.unseenKnownTokens, doc.unseenKnownSource, doc.unseenLikelyMissing]).toEqual([
      0,
      'none',
      false,
    ]);
    // What the agent sent last, and its reply after it.
    expect(doc.contextTokens).toBe(12_910 + 5);
    const table = (await run(['inspect', file, '--tokenizer', 'chars4'])).out;
    expect(table).toContain(
      "context     39 in messages + 12,876 not explained by the file (inferred from the newest call's recorded usage) = 12,915 tokens",
    );
    expect(table).toContain('            system prompt and tools (known): none recorded in the file');
    expect(table).toContain('            not explained by the file (inferred): 12,876');
    expect(table).toContain(
      '            newest call sent 12,910 (input + cache read + cache creation, as statusline shows)',
    );
  });

  it("names the lab's measured system prompt and tools when the file's Claude Code version is one the lab ran", async () => {
    const file = scratch('split-lab-').file(
      's.jsonl',
      session().replaceAll('"version":"2.0.55"', '"version":"2.1.328"'),
    );
    const table = (await run(['inspect', file, '--tokenizer', 'chars4'])).out;
    expect(table).toContain(
      '            system prompt and tools (known): Claude Code 2.1.328 sends 8,588 tokens of system prompt and tools (1,524 + 7,064, claude -p, 12 tools), measured by the lab',
    );
    // Another version keeps the inference alone.
    const other = (
      await run(['inspect', scratch('split-lab-').file('s.jsonl', session()), '--tokenizer', 'chars4'])
    ).out;
    expect(other).toContain('            system prompt and tools (known): none recorded in the file');
  });

  it("counts the lab's measured 8,588 as the unseen part of a Claude Code 2.1.328 file, in place of the inferred gap", async () => {
    const fixture = readFileSync(LAB_FIXTURE, 'utf8');
    const doc = await inspectJson(scratch('split-lab-').file('session.jsonl', fixture));
    expect([doc.unseenTokens, doc.unseenSource]).toEqual([8_588, 'lab']);
    expect([doc.unseenKnownTokens, doc.unseenKnownSource, doc.unseenInferredTokens]).toEqual([
      8_588,
      'lab',
      null,
    ]);
    expect(doc.unseenLab).toEqual({
      agent: 'claude-code',
      version: '2.1.328',
      systemTokens: 1_524,
      toolTokens: 7_064,
      mode: 'claude -p, 12 tools',
    });
    expect(doc.contextTokens).toBe(3_366 + 8_588);
    // A version the lab has not run: the gap in the newest call's usage, inferred as before.
    const other = await inspectJson(
      scratch('split-lab-').file(
        'session.jsonl',
        fixture.replaceAll('"version":"2.1.328"', '"version":"2.1.327"'),
      ),
    );
    expect([other.unseenTokens, other.unseenSource, other.unseenInferredTokens, other.unseenLab]).toEqual([
      53_633,
      'recorded-usage',
      53_633,
      null,
    ]);
    // A size set with --unseen still wins over the lab's.
    const typed = await inspectJson(scratch('split-lab-').file('session.jsonl', fixture), '--unseen', '5000');
    expect([typed.unseenTokens, typed.unseenSource, typed.unseenKnownSource]).toEqual([
      5_000,
      'setting',
      'setting',
    ]);
  });

  it.each([
    ['opencode/export-1.18.33.json', 'opencode', '1.18.33', 2_012, 4_721],
    ['kilo/export-7.7.7.json', 'opencode', '7.7.7', 2_808, 8_177],
    ['qwen-code/session-0.24.4.jsonl', 'qwen-code', '0.24.4', 5_623, 8_441],
    ['copilot/events-1.0.102.jsonl', 'copilot-cli', '1.0.102', 4_597, 5_743],
  ])(
    "counts the lab's measure for the %s file the agent wrote in the lab",
    async (path, agent, version, systemTokens, toolTokens) => {
      const text = readFileSync(new URL(`../formats/fixtures/lab/${path}`, import.meta.url), 'utf8');
      const doc = await inspectJson(scratch('split-lab-').file(path.split('/')[1]!, text));
      expect([doc.unseenTokens, doc.unseenSource, doc.unseenInferredTokens]).toEqual([
        systemTokens + toolTokens,
        'lab',
        null,
      ]);
      expect(doc.unseenLab).toMatchObject({ agent, version, systemTokens, toolTokens });
    },
  );

  it('statusline shows the same newest call that inspect reports', async () => {
    const file = scratch('split-').file('s.jsonl', session());
    const doc = await inspectJson(file);
    const line = await statusText(JSON.stringify({ transcript_path: file }), {});
    expect(line).toMatch(/^context 6% \(13k\/200k\)/);
    expect(Math.round(doc.lastCallTokens / 1000)).toBe(13);
  });

  it('a typed --unseen is the known system prompt and tools, and no part is inferred', async () => {
    const file = scratch('split-').file('s.jsonl', session());
    const doc = await inspectJson(file, '--unseen', '4000');
    expect([doc.unseenKnownTokens, doc.unseenKnownSource, doc.unseenInferredTokens]).toEqual([
      4_000,
      'setting',
      null,
    ]);
    expect(doc.lastCallTokens).toBe(12_910);
    expect(doc.contextTokens).toBe(39 + 4_000);
  });

  it('a system prompt the file records is known, and the usage beyond the messages still inferred', async () => {
    const file = scratch('split-').file('chat.json', {
      messages: [
        { role: 'system', content: 'You are a careful coding agent. Keep every change small and tested.' },
        { role: 'user', content: 'Hello there' },
      ],
    });
    const doc = await inspectJson(file);
    expect(doc.messages[0].tokens).toBe(17);
    expect([doc.unseenKnownTokens, doc.unseenKnownSource, doc.unseenInferredTokens]).toEqual([
      17,
      'file',
      null,
    ]);
    expect(doc.lastCallTokens).toBeNull();
  });

  it("a link's part that the sender's file inferred is shown as inferred, not as set", async () => {
    const file = scratch('split-link-').file('s.jsonl', session());
    const link = (await run(['share', file])).out.trim();
    const table = (await run(['inspect', '--link', link, '--tokenizer', 'chars4'])).out;
    expect(table).toContain('            system prompt and tools (known): none recorded in the file');
    expect(table).toContain('            not explained by the file (inferred): 12,876');
    expect(table).not.toContain('as set with --unseen');
    const doc = await inspectJson('--link', link);
    expect([doc.unseenTokens, doc.unseenSource, doc.unseenInferredTokens]).toEqual([
      12_876,
      'recorded-usage',
      12_876,
    ]);
    // --unseen typed over the link is a setting.
    expect((await inspectJson('--link', link, '--unseen', '100')).unseenSource).toBe('setting');
  });

  it("a link of a file from a version the lab measured gets the lab's figure, not the sender's inferred part", async () => {
    const fixture = readFileSync(LAB_FIXTURE, 'utf8');
    const link = (await run(['share', scratch('split-link-').file('session.jsonl', fixture), '--json'])).out;
    const doc = await inspectJson('--link', (JSON.parse(link) as { link: string }).link);
    expect([doc.unseenTokens, doc.unseenSource, doc.unseenInferredTokens]).toEqual([8_588, 'lab', null]);
  });

  it('an inferred part over 10× the messages and 20,000 says the file likely misses part of the conversation', async () => {
    const dwarfed =
      user('u1', null, 'Summarize what the sub-agent found.') +
      reply('a1', 'u1', 'It found three call sites.', [5, 140_000, 1_000], 'claude-opus-4-1');
    const file = scratch('split-').file('s.jsonl', dwarfed);
    const doc = await inspectJson(file);
    expect(doc.totalTokens).toBe(16);
    expect(doc.unseenInferredTokens).toBe(141_005 - 9);
    expect(doc.unseenLikelyMissing).toBe(true);
    const table = (await run(['inspect', file, '--tokenizer', 'chars4'])).out;
    expect(table).toContain(
      "the inferred 140,996 is over 10× the 16 in messages: the file likely misses part of the conversation (a sub-agent's turns, dropped messages)",
    );
    // The same session with a 15,000-token gap is not flagged: under 20,000.
    const small =
      user('u1', null, 'Summarize what the sub-agent found.') +
      reply('a1', 'u1', 'It found three call sites.', [5, 15_000, 0], 'claude-opus-4-1');
    const quiet = await inspectJson(scratch('split-').file('s.jsonl', small));
    expect([quiet.unseenInferredTokens, quiet.unseenLikelyMissing]).toEqual([14_996, false]);
  });
});

describe("inspect: the window of the file's model", () => {
  it("defaults to the model's window and says where it came from", async () => {
    const file = scratch('window-').file('s.jsonl', session());
    const doc = await inspectJson(file);
    expect(doc.settings.maxContextTokens).toBe(200_000);
    expect(doc.windowSource).toEqual({ from: 'model', model: 'claude-sonnet-4-5-20250929', tokens: 200_000 });
    const table = (await run(['inspect', file, '--tokenizer', 'chars4'])).out;
    expect(table).toContain("window      200,000 from the file's model claude-sonnet-4-5-20250929");
  });

  it('a [1m] model gets 1,000,000, a GPT-5 Codex model 400,000', async () => {
    const big = await inspectJson(scratch('window-').file('s.jsonl', session('claude-sonnet-4-5[1m]')));
    expect(big.settings.maxContextTokens).toBe(1_000_000);
    const codex = await inspectJson(scratch('window-').file('s.jsonl', session('gpt-5-codex')));
    expect(codex.windowSource).toEqual({ from: 'model', model: 'gpt-5-codex', tokens: 400_000 });
  });

  it('--window typed wins over the model', async () => {
    const file = scratch('window-').file('s.jsonl', session());
    const doc = await inspectJson(file, '--window', '150000');
    expect(doc.settings.maxContextTokens).toBe(150_000);
    expect(doc.windowSource).toEqual({ from: 'typed', tokens: 150_000 });
  });

  it('a model no family matches keeps the default, and says so', async () => {
    const file = scratch('window-').file('s.jsonl', session('some-local-model'));
    const doc = await inspectJson(file);
    expect(doc.windowSource).toEqual({ from: 'default', tokens: 128_000 });
  });

  it('a link carries the window it was made with, and keeps it', async () => {
    const file = scratch('window-').file('s.jsonl', session());
    const typed = (await run(['share', file, '--window', '90000'])).out.trim();
    const fromTyped = await inspectJson('--link', typed);
    expect(fromTyped.windowSource).toEqual({ from: 'link', tokens: 90_000 });
    // Made without --window, the link carries the model's window.
    const plain = (await run(['share', file])).out.trim();
    expect((await inspectJson('--link', plain)).windowSource).toEqual({ from: 'link', tokens: 200_000 });
  });
});
