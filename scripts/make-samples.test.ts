import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze, shapeOf } from '../src/core/analysis';
import { loadEstimator } from '../src/core/estimate';
import { DEFAULT_SETTINGS, normalizeSettings, threshold } from '../src/core/settings';
import { importTranscript } from '../src/formats/registry';
import { generate, MANIFEST, SAMPLES_DIR } from './make-samples';
import type { SampleEntry } from './samples/sample';

const onDisk = (file: string): string => readFileSync(join(SAMPLES_DIR, file), 'utf8');

/** Messages each sample imports to; a change here means the sample or an importer changed. */
const MESSAGE_COUNTS: Record<string, number> = {
  'claude-code-tallybook': 198,
  'openai-chat-revenue': 40,
  'codex-shared-retry': 74,
  'pi-table-widths': 26,
  'claude-code-linkcheck': 12,
};

describe('the sample manifest', () => {
  const manifest = JSON.parse(onDisk('index.json')) as SampleEntry[];

  it('lists the samples in order, the default first, covering four formats', () => {
    expect(manifest).toEqual(MANIFEST);
    expect(manifest[0]!.format).toBe('claude-code');
    expect([...new Set(manifest.map((e) => e.format))]).toEqual([
      'claude-code',
      'openai-chat',
      'codex',
      'pi',
    ]);
    expect(manifest.map((e) => e.id)).toEqual(Object.keys(MESSAGE_COUNTS));
  });

  it.each(manifest.map((e) => [e.id, e] as const))('%s imports with its format and no errors', (_, entry) => {
    const text = onDisk(entry.file);
    const result = importTranscript(text, { fileName: entry.file });
    expect(result.format).toBe(entry.format);
    expect(result.messages).toHaveLength(MESSAGE_COUNTS[entry.id]!);
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(text).not.toMatch(/\bsk-[A-Za-z0-9]/);
  });
});

describe('the session sample', () => {
  it('records two compactions, each with the context it replaced, and usage for every call', () => {
    const { history, messages } = importTranscript(onDisk('claude-code-linkcheck.jsonl'));
    expect(history!.compactions.map((c) => [c.atMessage, c.trigger, c.tokensBefore])).toEqual([
      [20, 'manual', 22739],
      [36, 'manual', 21956],
    ]);
    expect(history!.messages).toHaveLength(48);
    expect(history!.calls).toHaveLength(16);
    expect(history!.messages.slice(36)).toEqual(messages);
  });
});

describe('the default sample under the default settings', () => {
  const entry = MANIFEST[0]!;
  const { messages } = importTranscript(onDisk(entry.file));
  const lastUser = messages.findLastIndex((m) => m.role === 'user');

  it('is over the threshold, and budget splits the last turn', async () => {
    const estimator = await loadEstimator('o200k_base');
    const a = analyze(shapeOf(messages, estimator), {});
    expect(a.settings).toEqual(normalizeSettings(DEFAULT_SETTINGS));
    expect(a.threshold).toBe(threshold(normalizeSettings(DEFAULT_SETTINGS)));
    expect(a.threshold).toBe(111_616);
    expect(a.totalTokens).toBeGreaterThan(a.threshold);
    expect(a.totalTokens).toBeLessThan(160_000);
    expect(a.shouldCompact).toBe(true);
    expect(a.plan.isSplitTurn).toBe(true);
    expect(a.plan.turnStartIdx).toBe(lastUser);
    expect(a.plan.firstKeptIdx).toBeGreaterThan(lastUser);
  });

  it('keeps the whole last turn with the turns strategy', async () => {
    const estimator = await loadEstimator('o200k_base');
    const a = analyze(shapeOf(messages, estimator), { strategy: 'turns' });
    expect(a.plan.isSplitTurn).toBe(false);
    expect(a.plan.firstKeptIdx).toBe(lastUser);
  });

  it('has a long last turn of tool rounds', () => {
    const rounds = messages.slice(lastUser).filter((m) => m.role === 'assistant' && m.toolCalls?.length);
    expect(rounds.length).toBeGreaterThanOrEqual(30);
    expect(rounds.length).toBeLessThanOrEqual(45);
  });
});

describe('the generator', () => {
  it('reproduces the files on disk byte for byte, twice in a row', () => {
    const first = generate();
    const second = generate();
    expect([...first.keys()]).toEqual([...MANIFEST.map((e) => e.file), 'index.json']);
    for (const [name, text] of first) {
      expect(text, name).toBe(onDisk(name));
      expect(second.get(name), name).toBe(text);
    }
  });
});
