/**
 * Every relative link in README.md, docs/*.md and the CONTEXT.md files resolves: the file or
 * folder exists, and a `#anchor` names a heading of the Markdown file it points to (GitHub's
 * rule for heading anchors). Links in code are not links; web addresses are not checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');

function contextFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return contextFiles(path);
    return entry.name === 'CONTEXT.md' ? [path] : [];
  });
}

function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs, ...contextFiles('src')];
}

/** The text without fenced code blocks and inline code, where brackets are not links. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchors for the headings of a Markdown text, a repeated heading numbered from -1. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const [, heading] of withoutFences.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** Each link of `file` (a path from the repository's root) that does not resolve, with why. */
export function brokenLinks(
  file: string,
  markdown: string,
  read = (path: string) => readFileSync(path, 'utf8'),
) {
  const broken: string[] = [];
  for (const [, target] of prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
    const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
    if (!pathPart) {
      if (anchor && !headingAnchors(markdown).has(anchor))
        broken.push(`${file}: (${target}) has no heading with that anchor`);
      continue;
    }
    const path = join(ROOT, dirname(file), decodeURIComponent(pathPart));
    const shown = relative(ROOT, path);
    if (!existsSync(path)) {
      broken.push(`${file}: (${target}) → ${shown} does not exist`);
      continue;
    }
    if (anchor === undefined || !path.endsWith('.md') || statSync(path).isDirectory()) continue;
    if (!headingAnchors(read(path)).has(anchor)) {
      broken.push(`${file}: (${target}) → ${shown} has no heading with the anchor #${anchor}`);
    }
  }
  return broken;
}

describe('links between the docs', () => {
  it('resolve, each to an existing file and an existing heading', () => {
    const files = documents();
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/cli.md', 'src/share/CONTEXT.md']));
    expect(files.flatMap((file) => brokenLinks(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([]);
  });

  it('name a missing file and a missing anchor, and skip web addresses and code', () => {
    const markdown = [
      '# Top',
      'See [cli](cli.md#inspect), [gone](nowhere.md), [bad anchor](cli.md#no-such-heading),',
      '[here](#top), [nowhere here](#bottom), [the web](https://example.com/x.md) and `[not a link](missing.md)`.',
      '```',
      '[also not](missing.md)',
      '```',
    ].join('\n');
    expect(brokenLinks('docs/example.md', markdown)).toEqual([
      'docs/example.md: (nowhere.md) → docs/nowhere.md does not exist',
      'docs/example.md: (cli.md#no-such-heading) → docs/cli.md has no heading with the anchor #no-such-heading',
      'docs/example.md: (#bottom) has no heading with that anchor',
    ]);
  });

  it('make anchors as GitHub does: lower case, punctuation dropped, spaces as hyphens, repeats numbered', () => {
    expect([
      ...headingAnchors('## Judging the summary: `--eval`\n## Set up and run\n## Set up and run\n'),
    ]).toEqual(['judging-the-summary---eval', 'set-up-and-run', 'set-up-and-run-1']);
  });
});
