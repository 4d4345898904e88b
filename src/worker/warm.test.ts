import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tableParts } from '../core/bpe';
import { packagedEncoding } from '../core/tokenizer';
import type { StoredEncoding } from './protocol';

/** A little of everything a transcript holds: prose, code, JSON, a path, numbers, CJK. */
const TEXT = [
  'Rename greet to welcome in src/greet.ts, and never touch CHANGELOG.md.',
  'const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
  '{"path": "/repo/src/cart/total.ts", "old_string": "return subtotal;"}',
  'Tests: 1 failed, 40 passed (1.234 s)   日本語のテキスト',
].join('\n');
const shippedCount = new Tiktoken(o200k).encode(TEXT).length;

/** The shipped table as the page keeps it: structured-cloned, as IndexedDB hands it back. */
async function shipped(): Promise<StoredEncoding> {
  const { pattern, table } = await packagedEncoding('o200k_base');
  return structuredClone({ pattern, parts: tableParts(table) });
}

/** A fresh worker: nothing loaded yet, as on a visit. */
async function freshWorker() {
  vi.resetModules();
  const { warmEncoding } = await import('./warm');
  const { loadTokenizer } = await import('../core/tokenizer');
  return { warmEncoding, loadTokenizer };
}

beforeEach(() => vi.resetModules());

describe('a tokenizer table kept between visits', () => {
  it('is taken when it is the shipped table exactly, and counts as the shipped tokenizer', async () => {
    const kept = await shipped();
    const { warmEncoding, loadTokenizer } = await freshWorker();
    expect(await warmEncoding('o200k_base', kept)).toBeNull();
    expect((await loadTokenizer('o200k_base'))(TEXT)).toBe(shippedCount);
  });

  it('with a changed pattern is refused: the shipped table is loaded, counts are the shipped tokenizer’s, and the fresh table goes back to be kept', async () => {
    const kept = { ...(await shipped()), pattern: '[\\s\\S]' };
    const { warmEncoding, loadTokenizer } = await freshWorker();
    const fresh = await warmEncoding('o200k_base', kept);
    expect(fresh?.pattern).toBe(o200k.pat_str);
    expect((await loadTokenizer('o200k_base'))(TEXT)).toBe(shippedCount);
  });

  it('with a pattern that is not a valid expression is refused, and the load still works', async () => {
    const kept = { ...(await shipped()), pattern: '(?<unclosed' };
    const { warmEncoding, loadTokenizer } = await freshWorker();
    expect((await warmEncoding('o200k_base', kept))?.pattern).toBe(o200k.pat_str);
    expect((await loadTokenizer('o200k_base'))(TEXT)).toBe(shippedCount);
  });

  it('with one rank changed is refused: it holds together, but it is not the shipped table', async () => {
    const kept = await shipped();
    const parts = kept.parts as { tokenRank: Int32Array };
    const at = Array.from(parts.tokenRank).indexOf(24912); // "hello"
    parts.tokenRank[at] = 2375; // " world"'s rank
    const { warmEncoding, loadTokenizer } = await freshWorker();
    expect(await warmEncoding('o200k_base', kept)).not.toBeNull();
    expect((await loadTokenizer('o200k_base'))(TEXT)).toBe(shippedCount);
  });

  it.each([
    ['nothing usable', 'table'],
    ['no pattern', { parts: {} }],
    ['parts that do not hold together', { pattern: o200k.pat_str, parts: { size: -1 } }],
  ])('holding %s is refused for the shipped table', async (_, kept) => {
    const { warmEncoding, loadTokenizer } = await freshWorker();
    expect((await warmEncoding('o200k_base', kept))?.pattern).toBe(o200k.pat_str);
    expect((await loadTokenizer('o200k_base'))(TEXT)).toBe(shippedCount);
  });
});
