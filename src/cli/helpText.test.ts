/**
 * docs/cli.md is the command line's reference: every command `--help` lists has a `## command`
 * section, and every option a command's `--help` prints has a table row there (`| \`--option …\` |`),
 * and no row names an option `--help` does not print. A section that links to `#settings-options`
 * or `#preset-parameters` takes the rows of that section. Each mismatch is named with the fix.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HARNESS_OPTIONS } from './harnessOptions';
import { SETTINGS_OPTIONS } from './options';
import { run } from './testSupport.node';

const DOC = 'docs/cli.md';
const SHARED_SECTIONS = ['settings-options', 'preset-parameters'];
/** The options each shared section documents once for every command that links to it. */
const SHARED_OPTIONS: Record<string, { heading: string; options: Set<string> }> = {
  'settings-options': {
    heading: 'Settings options',
    options: new Set(
      Object.keys(SETTINGS_OPTIONS)
        .filter((name) => !(name in HARNESS_OPTIONS))
        .map((name) => `--${name}`),
    ),
  },
  'preset-parameters': {
    heading: 'Preset parameters',
    options: new Set(Object.keys(HARNESS_OPTIONS).map((name) => `--${name}`)),
  },
};

/** `--help` split into the commands of its usage block and the options each command's part prints. */
function helpOptions(help: string): Map<string, Set<string>> {
  const commands = [...help.matchAll(/^ {2}compaction-playground (\w+)/gm)].map((m) => m[1]);
  const parts = help
    .split(/^(?=Usage: compaction-playground \w+)/m)
    .filter((p) => p.startsWith('Usage: compaction-playground'));
  const byCommand = new Map(commands.map((c) => [c, new Set<string>()]));
  for (const part of parts) {
    const command = /^Usage: compaction-playground (\w+)/.exec(part)![1];
    const options = byCommand.get(command) ?? new Set<string>();
    for (const m of part.matchAll(/^ +(--[a-z][a-z0-9-]*)/gm)) options.add(m[1]);
    byCommand.set(command, options);
  }
  return byCommand;
}

/** Each `## heading` of the page (its anchor) with the options of its table rows. */
function docSections(markdown: string): Map<string, { rows: Set<string>; links: string[] }> {
  const sections = new Map<string, { rows: Set<string>; links: string[] }>();
  for (const part of markdown.split(/^(?=## )/m).filter((p) => p.startsWith('## '))) {
    const heading = /^## (.+)$/m.exec(part)![1].trim();
    const anchor = heading
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-');
    const rows = new Set([...part.matchAll(/^\| *`(--[a-z][a-z0-9-]*)/gm)].map((m) => m[1]));
    const links = SHARED_SECTIONS.filter((s) => part.includes(`](#${s})`));
    sections.set(anchor, { rows, links });
  }
  return sections;
}

/** What differs between `--help` and the page, as the sentences a reader can act on. */
function mismatches(help: string, markdown: string): string[] {
  const sections = docSections(markdown);
  const problems: string[] = [];
  for (const [command, printed] of helpOptions(help)) {
    const section = sections.get(command);
    if (!section) {
      problems.push(`--help lists the command '${command}': add a section "## ${command}" to ${DOC}`);
      continue;
    }
    const documented = new Set(section.rows);
    for (const shared of section.links) for (const o of sections.get(shared)?.rows ?? []) documented.add(o);
    for (const option of printed) {
      // A preset's option (or a setting) missing from a command that takes the shared section: one row there.
      const shared = section.links.map((link) => SHARED_OPTIONS[link]).find((o) => o?.options.has(option));
      if (!documented.has(option) && shared) {
        const fix = `${option} is one of the ${shared.heading.toLowerCase()}: add a row "| \`${option} …\` | … |" to "## ${shared.heading}" in ${DOC}`;
        if (!problems.includes(fix)) problems.push(fix);
      } else if (!documented.has(option)) {
        problems.push(
          `'${command} --help' prints ${option}: add a row "| \`${option} …\` | … |" to "## ${command}" in ${DOC}`,
        );
      }
    }
    for (const option of documented) {
      if (!printed.has(option)) {
        problems.push(
          `${DOC} "## ${command}" documents ${option}, which '${command} --help' does not print: remove it`,
        );
      }
    }
  }
  return problems;
}

let help: string;
beforeAll(async () => {
  help = (await run(['--help'])).out;
});

describe('docs/cli.md against --help', () => {
  it('has a section for every command and a row for exactly the options each command prints', () => {
    const markdown = readFileSync(join(__dirname, '../..', DOC), 'utf8');
    expect(mismatches(help, markdown)).toEqual([]);
  });

  it('names a missing command, a missing option and an option the CLI does not have, each with its fix', () => {
    const markdown = [
      '## Settings options',
      '| `--window N` | the window |',
      '## inspect',
      'Takes [the settings options](#settings-options), and:',
      '| `--json` | one document |',
      '| `--colour` | not an option |',
    ].join('\n');
    const fakeHelp = [
      'Usage:',
      '  compaction-playground inspect FILE   tokens',
      '  compaction-playground config         settings',
      '',
      'Usage: compaction-playground inspect FILE [options]',
      '  --window N   the window',
      '  --json       one document',
      '  --link URL   a link',
    ].join('\n');
    expect(mismatches(fakeHelp, markdown)).toEqual([
      `'inspect --help' prints --link: add a row "| \`--link …\` | … |" to "## inspect" in docs/cli.md`,
      'docs/cli.md "## inspect" documents --colour, which \'inspect --help\' does not print: remove it',
      '--help lists the command \'config\': add a section "## config" to docs/cli.md',
    ]);
  });

  it('asks once, in its own section, for a preset parameter every command that takes them prints', () => {
    const option = `--${Object.keys(HARNESS_OPTIONS)[0]}`;
    const markdown = [
      '## Preset parameters',
      '## inspect',
      'Takes [the preset parameters](#preset-parameters), and:',
      '## compact',
      'Takes [the preset parameters](#preset-parameters), and:',
    ].join('\n');
    const fakeHelp = [
      'Usage:',
      '  compaction-playground inspect FILE   tokens',
      '  compaction-playground compact FILE   summary',
      '',
      'Usage: compaction-playground inspect FILE [options]',
      `  ${option} N   a preset's`,
      '',
      'Usage: compaction-playground compact FILE [options]',
      `  ${option} N   a preset's`,
    ].join('\n');
    expect(mismatches(fakeHelp, markdown)).toEqual([
      `${option} is one of the preset parameters: add a row "| \`${option} …\` | … |" to "## Preset parameters" in docs/cli.md`,
    ]);
  });

  it('reads the options of every command from the real --help, the settings among them', () => {
    const options = helpOptions(help);
    expect([...options.keys()]).toEqual(
      expect.arrayContaining([
        'inspect',
        'compact',
        'share',
        'count',
        'replay',
        'audit',
        'watch',
        'statusline',
        'archive',
      ]),
    );
    expect(options.get('inspect')).toContain('--keep-recent');
    expect(options.get('inspect')).toContain('--protect');
    expect([...(options.get('statusline') ?? [])]).toEqual(['--claude-settings']);
  });
});
