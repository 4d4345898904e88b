import { describe, expect, it } from 'vitest';
import { decodeShare, fragmentFromLink } from '../share/codec';
import { parseRanges } from './share';
import { run } from './testSupport.node';

const SAMPLE = 'public/samples/claude-code-tallybook.jsonl';

async function ok(argv: string[]) {
  const result = await run(argv);
  expect(result.err === '' || result.code === 0 ? result.code : result.err).toBe(0);
  return result;
}

/**
 * The `--json` document without what a minimal link does not carry: message
 * ids, the format, the link note, and the recorded usage (a link carries the
 * part not in the file that usage measured as a setting: same figure, other source).
 */
function withoutText(doc: Record<string, unknown>) {
  // The format and its import report are the file's or the link's: they differ by design.
  const { format: _format, import: _import, link: _link, unseenSource: _source, ...rest } = doc;
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
    expect(err).toMatch(
      /minimal: counts of all 198 messages; text of \d+ \(\d+ whole: #\d+.*\); the rest show as "text not included"/,
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
