/** An interactive program driven through tmux: typed into, its screen read, ended. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunContext } from '../agent';
import { execClean } from '../exec';
import { awaitInput, lastLine, openTerminal, submitSlashCommand, type Terminal } from './terminal';

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

/** A terminal whose screen is a list of frames, one per look, the last one kept; the keys pressed, recorded. */
function scripted(frames: string[]): Terminal & { keys: string[] } {
  let look = 0;
  const keys: string[] = [];
  const screen = async () => frames[Math.min(look++, frames.length - 1)];
  return {
    keys,
    async type(text, ready) {
      keys.push(text);
      if (ready) await this.waitFor(ready, 0);
      keys.push('Enter');
    },
    async press(key) {
      keys.push(key);
    },
    async waitFor(holds) {
      return holds(await screen());
    },
    screen,
    async close() {},
  };
}

describe('what the agents modules share of a terminal', () => {
  it("names the screen's last line that holds anything", () => {
    expect(lastLine('> /compress\n  Chat history compressed from 10317 to 333 tokens.\n\n   \n')).toBe(
      'Chat history compressed from 10317 to 333 tokens.',
    );
    expect(lastLine('\n  \n')).toBe('(an empty screen)');
  });

  it('says why, with what the screen showed, when the interactive mode never asks for input', async () => {
    expect(await awaitInput(scripted(['Loading…']), (shown) => shown.includes('Type your message'), 0)).toBe(
      'not run: the interactive mode never asked for input (Loading…)',
    );
    expect(
      await awaitInput(scripted(['Type your message']), (shown) => shown.includes('Type your message')),
    ).toBe(null);
  });

  it('presses Enter again while the history does not show the command submitted, at most twice', async () => {
    const completing = scripted(['  /compress  Compresses the context', '/compress', '   > /compress', '']);
    await submitSlashCommand(completing, '/compress', 'Compresses the context');
    expect(completing.keys).toEqual(['/compress', 'Enter', 'Enter']);
    const never = scripted(['/compress']);
    await submitSlashCommand(never, '/compress', 'Compresses the context');
    expect(never.keys).toEqual(['/compress', 'Enter', 'Enter', 'Enter']);
  });
});
