/**
 * The registry is the one place that knows the presets by name: a table or a
 * switch keyed by a preset's id anywhere else is a second list that the next
 * preset would have to be added to.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HARNESS_PARAMS } from './core/harness/params';
import { CLEARING_ONLY, HARNESSES, PRESETS } from './core/harness/registry';

const SRC = __dirname;
const HARNESS = join(SRC, 'core', 'harness');

/**
 * Folders where the same words name something else: the importers' and the
 * archive's file formats (a Codex rollout is not the codex preset).
 */
const OTHER_MEANINGS = ['core/harness/', 'formats/', 'archive/'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The presets that neither write their agent's configuration nor say why
 * they have none: each preset module holds its writer (`config`), or a
 * reason in `config.none`.
 */
function presetsWithoutConfig(presets: readonly { id: string; config?: unknown }[]): string[] {
  return presets
    .filter(({ config }) => {
      if (typeof config !== 'object' || config === null) return true;
      const c = config as { none?: unknown; write?: unknown; file?: unknown; format?: unknown };
      if ('none' in c) return typeof c.none !== 'string' || c.none.trim() === '';
      return typeof c.write !== 'function' || typeof c.file !== 'string' || typeof c.format !== 'string';
    })
    .map(({ id }) => id);
}

/** Lines that key a table or branch a switch on a preset's id. */
function presetTables(code: string): string[] {
  const ids = HARNESSES.map((id) => id.replace(/-/g, '\\-')).join('|');
  const keyed = new RegExp(
    `(case\\s+'(${ids})'|[!=]==\\s*'(${ids})'|^\\s*('(${ids})'|(${ids}))\\??\\s*:)`,
    'm',
  );
  return code.split('\n').filter((line) => keyed.test(line));
}

describe('the preset registry', () => {
  it('lists each preset once, under its module name', () => {
    expect(HARNESSES).toEqual([
      'claude-code',
      'codex',
      'opencode',
      'gemini-cli',
      'clear-tool-uses',
      'mask-observations',
      'anthropic-compaction',
      'openai-compaction',
      'roo-code',
      'kilo',
      'goose',
      'cline',
      'langchain-summarization',
      'adk',
      'letta',
    ]);
    expect(CLEARING_ONLY).toEqual(['clear-tool-uses', 'mask-observations']);
    for (const id of HARNESSES) {
      expect(statSync(join(HARNESS, `${id}.ts`)).isFile()).toBe(true);
    }
  });

  it('finds a table keyed by a preset id where it is one', () => {
    expect(presetTables("const x = {\n  'claude-code': 1,\n  codex: 2,\n  pi: 3,\n};")).toEqual([
      "  'claude-code': 1,",
      '  codex: 2,',
    ]);
    expect(presetTables("if (s === 'gemini-cli') go();\nswitch (s) {\n  case 'opencode':\n}")).toEqual([
      "if (s === 'gemini-cli') go();",
      "  case 'opencode':",
    ]);
  });

  it('is the only place outside src/core/harness that keys a table or a switch by preset id', () => {
    const found = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => !OTHER_MEANINGS.some((folder) => path.startsWith(folder)))
      .flatMap((path) =>
        presetTables(readFileSync(join(SRC, path), 'utf8')).map((line) => `${path}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it('gives every preset a writer of its agent’s configuration, or a reason it has none', () => {
    expect(presetsWithoutConfig(PRESETS)).toEqual([]);
    expect(PRESETS.filter((p) => 'none' in p.config).map((p) => p.id)).toEqual([
      'clear-tool-uses',
      'mask-observations',
      'anthropic-compaction',
      'openai-compaction',
      'goose',
    ]);
  });

  it('finds a preset with no writer and no reason', () => {
    const write = () => ({ text: '', notes: [] });
    expect(
      presetsWithoutConfig([
        { id: 'a', config: { file: 'x.json', format: 'json', write } },
        { id: 'b', config: { none: 'an API setting' } },
        { id: 'c' },
        { id: 'd', config: null },
        { id: 'e', config: { none: ' ' } },
        { id: 'f', config: { file: 'x.json', format: 'json' } },
      ]),
    ).toEqual(['c', 'd', 'e', 'f']);
  });

  it('gives every parameter a label and a default of its rule’s kind', () => {
    for (const preset of PRESETS) {
      for (const [name, spec] of Object.entries(preset.params) as [
        string,
        { label: string; default: unknown; rule: { kind: string } },
      ][]) {
        expect(spec.label, `${preset.id}.${name}`).not.toBe('');
        const kind = { count: 'number', fraction: 'number', flag: 'boolean', tools: 'object' }[
          spec.rule.kind
        ];
        expect(typeof spec.default, `${preset.id}.${name}`).toBe(kind);
        expect(
          (DEFAULT_HARNESS_PARAMS as unknown as Record<string, Record<string, unknown>>)[preset.id][name],
        ).toEqual(spec.default);
      }
    }
  });
});
