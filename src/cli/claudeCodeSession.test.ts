import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, scratch, withEnv } from './testSupport.node';
import { startWatch } from './liveSupport.node';

/** A Claude Code session on claude-sonnet-4-5 (200K), its newest call 50,000 tokens. */
function session(dir: string): string {
  const line = (o: object) =>
    JSON.stringify({ sessionId: 's', timestamp: '2026-01-01T00:00:00Z', cwd: '/p', ...o });
  const text = [
    line({ type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Fix the test.' } }),
    line({
      type: 'assistant',
      uuid: 'a1',
      parentUuid: 'u1',
      message: {
        id: 'm1',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [{ type: 'text', text: 'Done.' }],
        usage: {
          input_tokens: 50_000,
          output_tokens: 10,
          cache_read_input_tokens: 0,
          cache_creation_input_tokens: 0,
        },
      },
    }),
  ].join('\n');
  const path = join(dir, 'session.jsonl');
  writeFileSync(path, `${text}\n`);
  return path;
}

/** A home with user settings and a project with its own, and a session file; runs inspect there. */
async function inspectWith(files: { user?: object; project?: object }, ...argv: string[]) {
  const root = scratch('cc-inspect-').dir;
  for (const [dir, value] of [
    [join(root, 'home', '.claude'), files.user],
    [join(root, 'project', '.claude'), files.project],
  ] as const) {
    mkdirSync(dir, { recursive: true });
    if (value) writeFileSync(join(dir, 'settings.json'), JSON.stringify(value));
  }
  const restore = withEnv({
    HOME: join(root, 'home'),
    CLAUDE_CONFIG_DIR: undefined,
    CLAUDE_CODE_AUTO_COMPACT_WINDOW: undefined,
  });
  try {
    return await run(['inspect', session(root), '--claude-settings', join(root, 'project'), ...argv]);
  } finally {
    restore();
  }
}

const lines = (out: string, ...heads: string[]) =>
  out.split('\n').filter((l) => heads.some((h) => l.startsWith(h)));

describe("inspect on a Claude Code session: Claude Code's own window", () => {
  it('with no settings, the model window and its point, 167,000', async () => {
    const { out } = await inspectWith({});
    expect(lines(out, 'window ', 'claude code ')).toEqual([
      "window      200,000 from the file's model claude-sonnet-4-5-20250929",
      'claude code window 200,000 from the window of claude-sonnet-4-5-20250929; auto-compact at 167,000 (200,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer)',
    ]);
  });

  it('the project settings lower the window, which the claude-code preset then uses', async () => {
    const { out } = await inspectWith(
      { user: { autoCompactWindow: 180_000 }, project: { autoCompactWindow: 120_000 } },
      '--strategy',
      'claude-code',
    );
    expect(lines(out, 'window ', 'claude code ', 'threshold ')).toEqual([
      "window      120,000, Claude Code's auto-compact window from autoCompactWindow in the project settings (.claude/settings.json)",
      'claude code window 120,000 from autoCompactWindow in the project settings (.claude/settings.json); auto-compact at 87,000 (120,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer)',
      'threshold   120,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer',
    ]);
  });

  it('--window typed wins for the analysis; the claude code line still says what Claude Code would do', async () => {
    const { out } = await inspectWith({ user: { autoCompactWindow: 150_000 } }, '--window', '100000');
    expect(lines(out, 'window ', 'claude code ')).toEqual([
      'window      100,000 as typed',
      'claude code window 150,000 from autoCompactWindow in the user settings (~/.claude/settings.json); auto-compact at 117,000 (150,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer)',
    ]);
  });

  it('--json: the window, the point and the source', async () => {
    const { out } = await inspectWith(
      { user: { autoCompactWindow: 150_000, autoCompactEnabled: true } },
      '--json',
    );
    expect(JSON.parse(out).claudeCode).toEqual({
      window: 150_000,
      modelWindow: 200_000,
      threshold: 117_000,
      formula: '150,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer',
      off: null,
      source: { from: 'settings', scope: 'user', perModel: false },
      notes: [],
    });
  });
});

describe("watch on a Claude Code session: Claude Code's own point", () => {
  it('says the window the settings set, the point (87,000) and the tokens until it from the context (50,000 sent + the reply)', async () => {
    const root = scratch('cc-watch-').dir;
    mkdirSync(join(root, 'home', '.claude'), { recursive: true });
    mkdirSync(join(root, 'project', '.claude'), { recursive: true });
    writeFileSync(
      join(root, 'project', '.claude', 'settings.local.json'),
      JSON.stringify({ autoCompactWindow: 120_000 }),
    );
    const restore = withEnv({
      HOME: join(root, 'home'),
      CLAUDE_CONFIG_DIR: undefined,
      CLAUDE_CODE_AUTO_COMPACT_WINDOW: undefined,
    });
    const watching = startWatch([
      session(root),
      '--interval',
      '20',
      '--claude-settings',
      join(root, 'project'),
    ]);
    try {
      expect(await watching.next((l) => l.includes('claude code:'))).toBe(
        '  claude code: auto-compact in 36,994 tokens at 87,000 (window 120,000 from autoCompactWindow in the local settings (.claude/settings.local.json))',
      );
    } finally {
      await watching.stop();
      restore();
    }
  }, 20_000);
});
