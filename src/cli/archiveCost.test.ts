/**
 * A session that changed model midway costs what each call cost at its own
 * model: the archive's row, its totals and `replay --json` agree on it, and
 * a link carries each call's model, so the replay it opens prices the same.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchiveDocument } from './archive';
import { run, scratch } from './testSupport.node';

const common = { isSidechain: false, sessionId: 's-1', version: '2.0.55', cwd: '/home/ada/shop' };
const user = (uuid: string, parentUuid: string | null, content: string) => ({
  ...common,
  type: 'user',
  uuid,
  parentUuid,
  timestamp: '2026-03-02T10:00:00.000Z',
  message: { role: 'user', content },
});
const reply = (uuid: string, parentUuid: string, id: string, usage: object, model?: string) => ({
  ...common,
  type: 'assistant',
  uuid,
  parentUuid,
  timestamp: '2026-03-02T10:01:00.000Z',
  message: {
    id,
    role: 'assistant',
    ...(model ? { model } : {}),
    content: [{ type: 'text', text: id }],
    usage,
  },
});

/**
 * Opus, then Haiku, then a reply that names no model (priced at the session's, the last one named).
 * Opus: 2,000 × $5 + 50,000 × $0.50 + 8,000 × $6.25 + 1,000 × $25 = $0.11.
 * Haiku: 1,000 × $1 + 60,000 × $0.10 + 4,000 × $1.25 + 2,000 × $5 = $0.022.
 * The third at Haiku's: 500 × $1 + 100 × $5 = $0.001. In all $0.133 (all at Haiku's: $0.045).
 */
const SESSION = [
  user('u1', null, 'Plan the checkout rewrite'),
  reply(
    'a1',
    'u1',
    'm1',
    {
      input_tokens: 2_000,
      cache_read_input_tokens: 50_000,
      cache_creation_input_tokens: 8_000,
      output_tokens: 1_000,
    },
    'claude-opus-4-5-20251101',
  ),
  user('u2', 'a1', 'Now rename the files'),
  reply(
    'a2',
    'u2',
    'm2',
    {
      input_tokens: 1_000,
      cache_read_input_tokens: 60_000,
      cache_creation_input_tokens: 4_000,
      output_tokens: 2_000,
    },
    'claude-haiku-4-5-20251001',
  ),
  user('u3', 'a2', 'Done?'),
  reply('a3', 'u3', 'm3', {
    input_tokens: 500,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
    output_tokens: 100,
  }),
]
  .map((r) => JSON.stringify(r))
  .join('\n');

const PATH = '.claude/projects/-home-ada-shop/7c1d.jsonl';

describe('a session that changed model midway', () => {
  const { dir } = scratch('archive-cost-');
  const home = join(dir, 'home');
  const file = join(home, PATH);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, SESSION);

  it('costs each call at its own model in the archive row and its totals, and says which calls named none', async () => {
    const doc = JSON.parse((await run(['archive', home, '--json'])).out) as ArchiveDocument;
    expect(doc.sessions).toHaveLength(1);
    expect(doc.sessions[0]).toMatchObject({
      file: PATH,
      model: 'claude-haiku-4-5-20251001',
      models: 'claude-opus-4-5-20251101 ×1, claude-haiku-4-5-20251001 ×2',
      callsWithoutModel: 1,
      calls: 3,
      inputTokensTotal: 60_000 + 65_000 + 500,
    });
    expect(doc.sessions[0]!.costUsd).toBeCloseTo(0.133, 12);
    expect(doc.totals.costUsd).toBeCloseTo(0.133, 12);
    expect(doc.totals.callsWithoutModel).toBe(1);
  });

  it('prints the same cost in replay --json, by model, and keeps it through a link', async () => {
    const fromFile = JSON.parse((await run(['replay', file, '--json'])).out);
    expect(fromFile.recorded.costUsd).toBeCloseTo(0.133, 12);
    expect(fromFile.recorded.models).toEqual([
      { model: 'claude-opus-4-5-20251101', calls: 1, usd: expect.closeTo(0.11, 12) },
      { model: 'claude-haiku-4-5-20251001', calls: 2, usd: expect.closeTo(0.023, 12) },
    ]);
    expect(fromFile.recorded.callsWithoutModel).toBe(1);
    const link = (await run(['share', file])).out.trim();
    const fromLink = JSON.parse((await run(['replay', '--link', link, '--json'])).out);
    expect(fromLink.recorded).toEqual(fromFile.recorded);
    expect(fromLink.simulated.costUsd).toBe(fromFile.simulated.costUsd);
  });
});
