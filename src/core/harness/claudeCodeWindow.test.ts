import { describe, expect, it } from 'vitest';
import { claudeCodeWindow, describeClaudeCodeWindow, type ClaudeCodeWindowInput } from './claudeCodeWindow';

const ONE_M = 'claude-sonnet-4-5[1m]';

function resolve(input: Partial<ClaudeCodeWindowInput>) {
  return claudeCodeWindow({ env: {}, files: { scopes: {} }, model: ONE_M, ...input });
}

describe("Claude Code's auto-compact window as the user set it", () => {
  it('with nothing set takes the model window: 1,000,000 for a [1m] model, firing at 967,000', () => {
    const w = resolve({});
    expect([w.window, w.trigger?.threshold, w.source]).toEqual([
      1_000_000,
      967_000,
      { from: 'model', model: ONE_M },
    ]);
  });

  it('takes CLAUDE_CODE_AUTO_COMPACT_WINDOW with a k or m suffix or plain digits', () => {
    for (const [raw, tokens] of [
      ['500k', 500_000],
      ['0.4m', 400_000],
      ['300000', 300_000],
      ['250,000', 250_000],
    ] as const) {
      const w = resolve({ env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: raw } });
      expect([w.window, w.trigger?.threshold, w.source.from]).toEqual([tokens, tokens - 33_000, 'env']);
    }
  });

  it('raises a window below 100,000 to 100,000 and says so', () => {
    const w = resolve({ env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '50000' } });
    expect([w.window, w.trigger?.threshold]).toEqual([100_000, 67_000]);
    expect(w.notes).toEqual([
      'CLAUDE_CODE_AUTO_COMPACT_WINDOW="50000" reads as 50,000 tokens, so Claude Code raises it to the 100,000 minimum',
    ]);
  });

  it('ignores a value that is not a size, with a note, and falls back to the settings', () => {
    const w = resolve({
      env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: 'lots' },
      files: { scopes: { user: { autoCompactWindow: 300_000 } } },
    });
    expect([w.window, w.source]).toEqual([300_000, { from: 'settings', scope: 'user', perModel: false }]);
    expect(w.notes).toEqual([
      `CLAUDE_CODE_AUTO_COMPACT_WINDOW="lots" isn't a usable size, so Claude Code ignores it`,
    ]);
  });

  it('never goes past the model window: 500k on a 200K model is 200,000', () => {
    const w = resolve({ model: 'claude-sonnet-4-5', env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '500k' } });
    expect([w.window, w.trigger?.threshold]).toEqual([200_000, 167_000]);
    expect(w.notes).toEqual(["500,000 is capped to the model's window of 200,000"]);
  });

  it('the environment variable wins over every settings file', () => {
    const w = resolve({
      env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '600000' },
      files: { scopes: { managed: { autoCompactWindow: 300_000 } } },
    });
    expect([w.window, w.source.from]).toEqual([600_000, 'env']);
  });

  it("a settings file's env sets the variable over the launching environment, the highest scope winning", () => {
    const w = resolve({
      env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '600000' },
      files: {
        scopes: {
          user: { env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '400000' } },
          local: { env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '450000' } },
        },
      },
    });
    expect([w.window, w.source]).toEqual([
      450_000,
      { from: 'env', origin: { from: 'settings-env', scope: 'local' } },
    ]);
  });

  it('settings scopes in order user < project < local < managed', () => {
    const scopes = {
      user: { autoCompactWindow: 300_000 },
      project: { autoCompactWindow: 400_000 },
      local: { autoCompactWindow: 500_000 },
      managed: { autoCompactWindow: 700_000 },
    };
    expect(resolve({ files: { scopes } }).window).toBe(700_000);
    expect(resolve({ files: { scopes: { ...scopes, managed: {} } } }).window).toBe(500_000);
    expect(resolve({ files: { scopes: { user: scopes.user, project: scopes.project } } }).window).toBe(
      400_000,
    );
    expect(resolve({ files: { scopes: { user: scopes.user } } }).trigger?.threshold).toBe(267_000);
  });

  it("a per-model entry wins over its own scope's top-level value and a lower scope's, not over a higher top-level one", () => {
    const perModel = { modelSettings: { 'claude-sonnet-4-5': { autoCompactWindow: 350_000 } } };
    const same = resolve({ files: { scopes: { user: { autoCompactWindow: 300_000, ...perModel } } } });
    expect([same.window, same.source]).toEqual([
      350_000,
      { from: 'settings', scope: 'user', perModel: true },
    ]);
    const lower = resolve({ files: { scopes: { user: { autoCompactWindow: 300_000 }, project: perModel } } });
    expect(lower.window).toBe(350_000);
    const higher = resolve({
      files: { scopes: { user: perModel, project: { autoCompactWindow: 450_000 } } },
    });
    expect(higher.window).toBe(450_000);
  });

  it('a per-model "auto" leaves the model its own window', () => {
    const w = resolve({
      files: {
        scopes: {
          user: {
            autoCompactWindow: 300_000,
            modelSettings: { 'claude-sonnet-4-5': { autoCompactWindow: 'auto' } },
          },
        },
      },
    });
    expect([w.window, w.source.from]).toEqual([1_000_000, 'model']);
  });

  it('drops a settings value below 100,000 (the schema refuses it), saying where', () => {
    const w = resolve({
      files: { scopes: { user: { autoCompactWindow: 300_000 }, project: { autoCompactWindow: 50_000 } } },
    });
    expect(w.window).toBe(300_000);
    expect(w.notes).toEqual([
      'autoCompactWindow 50000 in the project settings (.claude/settings.json) is ignored: Claude Code takes a whole number of at least 100,000',
    ]);
  });

  it('CLAUDE_CODE_DISABLE_1M_CONTEXT holds a 1M model to 200,000', () => {
    const w = resolve({ env: { CLAUDE_CODE_DISABLE_1M_CONTEXT: '1' } });
    expect([w.window, w.trigger?.threshold, w.source.from]).toEqual([200_000, 167_000, '1m-off']);
  });

  it('an unrecognized model gets the 1,000,000 Claude Code assumes, with its note', () => {
    const w = resolve({ model: 'qwen3-coder' });
    expect([w.window, w.trigger?.threshold, w.source.from]).toEqual([1_000_000, 967_000, 'unknown-model']);
    expect(w.notes[0]).toBe(
      'Claude Code doesn\'t recognize the model "qwen3-coder", so it assumes a context window of 1,000,000 tokens',
    );
  });

  it('the window Claude Code reports for the model caps the configured one', () => {
    const w = resolve({
      reportedWindow: 200_000,
      files: { scopes: { user: { autoCompactWindow: 400_000 } } },
    });
    expect([w.window, w.modelWindow]).toEqual([200_000, 200_000]);
  });

  it('CLAUDE_AUTOCOMPACT_PCT_OVERRIDE lowers the point within the resolved window', () => {
    const w = resolve({
      env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: '400k', CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: '50' },
    });
    expect(w.trigger?.threshold).toBe(190_000);
  });

  it('DISABLE_AUTO_COMPACT, DISABLE_COMPACT and autoCompactEnabled false turn it off, saying which', () => {
    expect(resolve({ env: { DISABLE_AUTO_COMPACT: '1' } })).toMatchObject({
      trigger: null,
      off: 'DISABLE_AUTO_COMPACT=1',
    });
    expect(resolve({ env: { DISABLE_COMPACT: 'true' } }).off).toBe('DISABLE_COMPACT=true');
    expect(resolve({ env: { DISABLE_AUTO_COMPACT: '0' } }).trigger?.threshold).toBe(967_000);
    const files = { scopes: { user: { autoCompactEnabled: true }, local: { autoCompactEnabled: false } } };
    expect(resolve({ files }).off).toBe('autoCompactEnabled false in the local settings');
    expect(resolve({ files: { scopes: {}, globalConfig: { autoCompactEnabled: false } } }).off).toBe(
      'autoCompactEnabled false in ~/.claude.json',
    );
  });

  it('describes the resolution in one line', () => {
    const w = resolve({ files: { scopes: { project: { autoCompactWindow: 400_000 } } } });
    expect(describeClaudeCodeWindow(w)).toBe(
      'window 400,000 from autoCompactWindow in the project settings (.claude/settings.json); auto-compact at 367,000 (400,000 window − min(32,000 max output, 20,000 output cap) − 13,000 buffer)',
    );
  });
});
