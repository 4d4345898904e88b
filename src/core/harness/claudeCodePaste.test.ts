import { describe, expect, it } from 'vitest';
import { claudeCodePasted, claudeCodePasteWindow } from './claudeCodePaste';

describe('Claude Code settings pasted into the window field', () => {
  it('a settings.json gives the window it sets, said as pasted', () => {
    const r = claudeCodePasteWindow('{ "autoCompactWindow": 400000 }', 'claude-sonnet-4-5[1m]', null);
    expect([r?.window.window, r?.window.trigger?.threshold, r?.source]).toEqual([
      400_000,
      367_000,
      'from the pasted autoCompactWindow',
    ]);
  });

  it("a settings.json's env block and an env line read alike", () => {
    const fromFile = claudeCodePasteWindow(
      '{"env": {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "300k"}}',
      'claude-x[1m]',
      null,
    );
    const fromLine = claudeCodePasteWindow(
      'export CLAUDE_CODE_AUTO_COMPACT_WINDOW="300k"',
      'claude-x[1m]',
      null,
    );
    expect([fromFile?.window.window, fromFile?.source]).toEqual([
      300_000,
      'from the pasted CLAUDE_CODE_AUTO_COMPACT_WINDOW',
    ]);
    expect([fromLine?.window.window, fromLine?.source]).toEqual([
      300_000,
      'from the pasted CLAUDE_CODE_AUTO_COMPACT_WINDOW',
    ]);
  });

  it('a pasted window below 100,000 is raised to 100,000, and the source says so', () => {
    const r = claudeCodePasteWindow('CLAUDE_CODE_AUTO_COMPACT_WINDOW=50000', 'claude-sonnet-4-5', null);
    expect(r?.window.window).toBe(100_000);
    expect(r?.source).toBe(
      'from the pasted CLAUDE_CODE_AUTO_COMPACT_WINDOW; CLAUDE_CODE_AUTO_COMPACT_WINDOW="50000" reads as 50,000 tokens, so Claude Code raises it to the 100,000 minimum',
    );
  });

  it('CLAUDE_CODE_DISABLE_1M_CONTEXT pasted holds the 1M model to 200,000', () => {
    expect(
      claudeCodePasteWindow('CLAUDE_CODE_DISABLE_1M_CONTEXT=1', 'claude-sonnet-4-5[1m]', null)?.window.window,
    ).toBe(200_000);
  });

  it('a number, other JSON or other variables are not Claude Code settings: the field takes them as usual', () => {
    expect(claudeCodePasted('200000')).toBeNull();
    expect(claudeCodePasted('{"model": "x"}')).toBeNull();
    expect(claudeCodePasted('PATH=/bin')).toBeNull();
    expect(claudeCodePasteWindow('{"autoCompactWindow": "auto"}', 'claude-sonnet-4-5', null)).toBeNull();
  });
});
