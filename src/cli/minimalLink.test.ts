import { describe, expect, it } from 'vitest';
import { decodeShare, fragmentFromLink } from '../share/codec';
import { restoreShare } from '../share/schema';
import { parseRanges } from './share';
import { run, scratch } from './testSupport.node';

const SAMPLE = 'public/samples/claude-code-tallybook.jsonl';

async function ok(argv: string[]) {
  const result = await run(argv);
  expect(result.err === '' || result.code === 0 ? result.code : result.err).toBe(0);
  return result;
}

/**
 * The `--json` document without what a minimal link does not carry: message
 * ids, the format, the link note, and the recorded usage (a link carries the
 * part not in the file that usage measured as a setting: same figure, other
 * source, so its split and the newest call's size stay with the file), and
 * where the window came from (the same window: the file's model, then the link).
 */
function withoutText(doc: Record<string, unknown>) {
  // The format and its import report are the file's or the link's: they differ by design.
  const {
    format: _format,
    import: _import,
    link: _link,
    unseenSource: _source,
    unseenKnownTokens: _known,
    unseenKnownSource: _knownSource,
    unseenInferredTokens: _inferred,
    unseenLikelyMissing: _missing,
    lastCallTokens: _lastCall,
    windowSource: _window,
    // Claude Code's own window is read from this machine's settings for a file, never for a link.
    claudeCode: _claude,
    ...rest
  } = doc;
  const { unseenTokens: _unseen, ...settings } = doc.settings as Record<string, unknown>;
  return {
    ...rest,
    settings,
    messages: (doc.messages as { id: string }[]).map(({ id: _id, ...m }) => m),
  };
}

describe('share FILE --minimal', () => {
  it('prints a link of at most 2,000 characters for the Claude Code sample, and says what it left out', async () => {
    const { out, err } = await ok(['share', SAMPLE, '--minimal']);
    const link = out.trim();
    expect(link.length).toBeLessThanOrEqual(2000);
    expect(err).toContain(
      `link length ${link.length.toLocaleString('en-US')} characters, short: pastes anywhere`,
    );
    expect(err).toContain(
      'minimal: counts of all 198 messages; the openings of 3 messages (117 characters of text); ' +
        'the text of 195 of 198 messages left out; ' +
        'the cut: #185 first kept, #184 last before the cut, #98 start of the split turn; ' +
        'cut short to fit: its own openings to their first 39 characters; long turn ids to their first 8 characters; ' +
        "3 other telling messages (system prompt, summaries, other strategies' cuts) left without text; " +
        // The usage of 77 calls does not fit beside the openings at the cut: the link says so.
        "the recorded usage of the timeline's 77 calls is left out: the reader's timeline is estimated from the messages, with no recorded peak or input\n",
    );
    const decoded = await decodeShare(fragmentFromLink(link) ?? '');
    expect(decoded.ok && decoded.payload.variant).toBe('minimal');
  });

  it('opens with inspect --link to the same document as inspect FILE, apart from message text and ids', async () => {
    for (const settings of [
      [],
      ['--strategy', 'turns', '--keep-recent', '9000', '--tokenizer', 'cl100k_base'],
    ]) {
      const link = (await ok(['share', SAMPLE, '--minimal', ...settings])).out.trim();
      const fromLink = JSON.parse((await ok(['inspect', '--link', link, '--json'])).out);
      const fromFile = JSON.parse((await ok(['inspect', SAMPLE, ...settings, '--json'])).out);
      expect(withoutText(fromLink)).toEqual(withoutText(fromFile));
      expect(fromLink.link).toMatchObject({ variant: 'minimal', messageCount: 198 });
    }
  });

  it('carries the messages asked for with --include whole, and the link grows', async () => {
    const plain = (await ok(['share', SAMPLE, '--minimal', '--json'])).out;
    const more = (await ok(['share', SAMPLE, '--minimal', '--include', '0-2', '--json'])).out;
    const [a, b] = [JSON.parse(plain), JSON.parse(more)];
    expect(b.length).toBeGreaterThan(a.length);
    expect(b.messagesWithText).toEqual(expect.arrayContaining([0, 1, 2]));
    expect(b.partial).not.toContain(0);
  });

  it("keeps the link's tokenizer and scale when inspect is given others, and says why", async () => {
    const link = (await ok(['share', SAMPLE, '--minimal'])).out.trim();
    const result = await run(['inspect', '--link', link, '--tokenizer', 'chars4', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).settings.tokenizer).toBe('o200k_base');
    expect(result.err).toBe(
      'compaction-playground: note: a minimal link carries counts, not the text to count again; its tokenizer o200k_base and scale 1 apply\n',
    );
  });

  it('carries the openings at the cut: first kept, the message before it and the start of the split turn', async () => {
    const doc = JSON.parse((await ok(['share', SAMPLE, '--minimal', '--json'])).out);
    expect(doc).toMatchObject({
      length: 1998,
      messagesWithText: [98, 184, 185],
      partial: [98, 184, 185],
      cut: [
        { i: 185, part: 'first-kept' },
        { i: 184, part: 'before-cut' },
        { i: 98, part: 'turn-start' },
      ],
      openingChars: 39,
      textChars: 117,
      // The cuts of other strategies (ADK's #192, LangChain's #178, Letta's #79) go without text.
      leftWithoutText: 3,
      filesLeftOut: 0,
      shortTurnIds: true,
    });
    const decoded = await decodeShare(fragmentFromLink(doc.link) ?? '');
    const texts = decoded.ok && decoded.payload.variant === 'minimal' ? decoded.payload.transcript.texts : [];
    expect(texts?.map((t) => [t.i, (t.content ?? t.args?.join('') ?? '').length, t.part])).toEqual([
      [98, 39, true],
      [184, 39, true],
      [185, 39, true],
    ]);
  });

  it('adds the first N characters of each message back, between none and all', async () => {
    const opening = JSON.parse(
      (await ok(['share', SAMPLE, '--minimal', '--include', '190-197', '--include-chars', '200', '--json']))
        .out,
    );
    const whole = JSON.parse(
      (await ok(['share', SAMPLE, '--minimal', '--include', '190-197', '--json'])).out,
    );
    expect([opening.length, opening.lengthClass, opening.textChars]).toEqual([2960, 'long', 1400]);
    expect(opening.added).toEqual([{ from: 190, to: 197, chars: 200, asked: 200 }]);
    expect([whole.length, whole.lengthClass, whole.textChars]).toEqual([16038, 'too-long', 40714]);
    expect(whole.added).toEqual([{ from: 190, to: 197, chars: 'all', asked: 'all' }]);
  });

  it('cuts openings asked longer than 8,000 characters of link allow, and says so', async () => {
    const { out, err } = await ok([
      'share',
      SAMPLE,
      '--minimal',
      '--include',
      '150-197',
      '--include-chars',
      '2000',
    ]);
    const link = out.trim();
    expect(link.length).toBeLessThanOrEqual(8000);
    expect(err).toMatch(
      /added back: #150–#197 the first ([\d,]+) characters of each \(2,000 asked: cut to keep the link within 8,000 characters\)/,
    );
  });

  it('refuses --include-chars without --include, or out of range, in one line', async () => {
    expect(await run(['share', SAMPLE, '--minimal', '--include-chars', '20'])).toMatchObject({
      code: 2,
      err: 'compaction-playground: --include-chars goes with --include\n',
    });
    expect(await run(['share', SAMPLE, '--minimal', '--include', '3', '--include-chars', '0'])).toMatchObject(
      {
        code: 2,
        err: 'compaction-playground: --include-chars: Expected a whole number of characters from 1 to 100,000.\n',
      },
    );
  });

  it.each([
    [['--minimal', '--settings-only'], 'give either --minimal or --settings-only'],
    [['--include', '1-2'], '--include goes with --minimal'],
    [['--minimal', '--include', '5-2'], '--include: The range 5-2 ends before it starts.'],
    [
      ['--minimal', '--include', 'all'],
      '--include: Expected message numbers such as 3-7, 12; "all" is not one.',
    ],
  ])('refuses %j in one line with exit code 2', async (options, message) => {
    expect(await run(['share', SAMPLE, ...options])).toMatchObject({
      code: 2,
      err: `compaction-playground: ${message}\n`,
    });
  });
});

/** A pi session whose branch ends in its compaction, whose details recorded files. */
const PI_ENDS_IN_COMPACTION = [
  { type: 'session', version: 3, id: 'h', timestamp: '2026-01-01T00:00:00Z', cwd: '/p' },
  ...[
    ['user', 'Please fix the table widths in render.ts. '.repeat(10)],
    ['assistant', 'I will read render.ts first and then adjust the padding. '.repeat(8)],
    ['user', 'Also keep the header aligned with the body columns. '.repeat(8)],
    ['assistant', 'Done: the header uses the same widths as the body now. '.repeat(8)],
  ].map(([role, text], k) => ({
    type: 'message',
    id: `e000000${k + 1}`,
    parentId: k === 0 ? null : `e000000${k}`,
    timestamp: '2026-01-01T00:00:00Z',
    message: { role, content: role === 'user' ? text : [{ type: 'text', text }] },
  })),
  {
    type: 'compaction',
    id: 'e0000005',
    parentId: 'e0000004',
    timestamp: '2026-01-01T00:00:00Z',
    summary: 'Goal: fix table widths.\n\n<read-files>\nrender.ts\n</read-files>',
    firstKeptEntryId: 'e0000003',
    tokensBefore: 900,
    details: { readFiles: ['src/render.ts'], modifiedFiles: ['src/table.ts'] },
  },
]
  .map((line) => JSON.stringify(line))
  .join('\n');

describe("a pi session's compaction details", () => {
  const PI = [
    '--strategy',
    'pi',
    '--keep-recent',
    '1',
    '--tokenizer',
    'chars4',
    '--window',
    '300',
    '--reserve',
    '100',
  ];
  const file = () => scratch('pi-link-').file('pi.jsonl', PI_ENDS_IN_COMPACTION);

  it.each([[['--minimal']], [[]]])(
    'travel in the link %j: its kept count gives the same verdict as the file ("already compacted"), its files the same lists',
    async (variant) => {
      const path = file();
      const link = (await ok(['share', path, ...PI, ...variant])).out.trim();
      const fromLink = JSON.parse((await ok(['inspect', '--link', link, '--json'])).out);
      const fromFile = JSON.parse((await ok(['inspect', path, ...PI, '--json'])).out);
      expect(fromFile).toMatchObject({ contextTokens: 230, shouldCompact: true, tokensAfter: 230 });
      for (const key of [
        'contextTokens',
        'shouldCompact',
        'cut',
        'toSummarize',
        'tokensAfter',
        'strategies',
      ]) {
        expect([key, fromLink[key]]).toEqual([key, fromFile[key]]);
      }
      const decoded = await decodeShare(fragmentFromLink(link) ?? '');
      if (!decoded.ok) throw new Error(decoded.error.message);
      const summary = restoreShare(decoded.payload).messages![0];
      expect([summary.keptAfter, summary.files]).toEqual([
        2,
        { read: ['src/render.ts'], modified: ['src/table.ts'] },
      ]);
    },
  );
});

describe('ranges', () => {
  it('read single messages and ranges, both ends included', () => {
    expect(parseRanges('3-7, 12')).toEqual([
      { from: 3, to: 7 },
      { from: 12, to: 12 },
    ]);
  });

  it("take what the page's field takes: #-numbers and an en dash", () => {
    expect(parseRanges('#3–#7')).toEqual([{ from: 3, to: 7 }]);
  });
});
