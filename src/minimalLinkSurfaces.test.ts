/**
 * The share dialog (through the worker) and `share --minimal` make their
 * minimal links with one assembly (`src/share/minimalAssembly.ts`): for the
 * same state and options they print the same link.
 */
import { describe, expect, it } from 'vitest';
import { measuredUnseen, shapeOf } from './core';
import { estimatorFor } from './cli/estimator';
import { readTranscript } from './cli/readTranscript';
import { DEFAULT_PAGE_URL } from './cli/share';
import { run } from './cli/testSupport.node';
import { buildShareUrl } from './share/codec';
import { linkSettings } from './share/payload';
import { buildShareLinks } from './worker/shareLinks';

const SAMPLE = 'public/samples/claude-code-tallybook.jsonl';

async function ok(argv: string[]) {
  const result = await run(argv);
  expect(result.code === 0 ? 0 : result.err).toBe(0);
  return result;
}

describe('the minimal link of the page and of the command line', () => {
  it('gives the same link as the share dialog for the same options', async () => {
    const imported = await readTranscript(SAMPLE);
    for (const [settings, include, argv] of [
      [{}, [], []],
      [
        { strategy: 'turns' as const, keepRecentTokens: 9000 },
        [{ from: 190, to: 197, chars: 120 }],
        ['--strategy', 'turns', '--keep-recent', '9000', '--include', '190-197', '--include-chars', '120'],
      ],
    ] as const) {
      const counter = await estimatorFor(settings);
      const unseen = measuredUnseen(
        imported.messages,
        shapeOf(imported.messages, counter).counts,
        imported.history,
        counter,
      );
      const page = await buildShareLinks(
        {
          messages: imported.messages,
          sourceName: 'claude-code-tallybook.jsonl',
          bytes: 1,
          format: imported.format,
          history: imported.history,
          usage: imported.usage,
        },
        {
          state: {
            // The page's window follows the sample's model, as the command line's does.
            settings: linkSettings({ ...settings, maxContextTokens: 200_000 }, unseen),
            provider: null,
            selectedIndex: null,
            preview: null,
          },
          options: {
            redactSecrets: true,
            redactContent: false,
            include: [...include],
            pageUrlLength: DEFAULT_PAGE_URL.length,
          },
        },
        (tokenizer, scale) => estimatorFor({ tokenizer, scale }),
      );
      const cli = (await ok(['share', SAMPLE, '--minimal', ...argv])).out.trim();
      if (!page.minimal || 'error' in page.minimal) throw new Error('expected a minimal link');
      expect(buildShareUrl(DEFAULT_PAGE_URL, page.minimal.fragment)).toBe(cli);
    }
  });
});
