/** An interactive program driven through tmux: typed into, its screen read, ended. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunContext } from '../agent';
import { execClean } from '../exec';
import { openTerminal } from './terminal';

function context(): RunContext {
  const dir = mkdtempSync(join(tmpdir(), 'lab-terminal-'));
  return {
    installed: { dir, version: '0', command: [] },
    home: dir,
    project: dir,
    mockUrl: 'http://127.0.0.1:9',
    model: 'agent',
    exec: (command, args, options) => execClean({ home: dir, tmp: dir, cwd: dir }, command, args, options),
    log: () => undefined,
  };
}

describe('openTerminal', () => {
  it('types a line into a program that reads its input, shows its answer, and ends it', async () => {
    const ctx = context();
    // A program that answers each line it reads, as a terminal interface answers a command.
    const echo = ['sh', '-c', 'while read line; do echo "got: $line"; done'];
    const terminal = await openTerminal(ctx, echo, {});
    if (!terminal) return; // no tmux on this machine: the lab skips the command and says so
    try {
      await terminal.type('/compress');
      expect(await terminal.waitFor((shown) => shown.includes('got: /compress'), 10_000)).toBe(true);
    } finally {
      await terminal.close();
    }
    const after = await ctx.exec('tmux', ['-S', join(ctx.home, '.lab-tmux'), 'has-session']);
    expect(after.code).not.toBe(0);
  });
});
