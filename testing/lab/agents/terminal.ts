/**
 * An agent's interactive mode driven through a terminal: tmux, on a socket
 * in the scratch folder, runs the command in a detached session with the
 * lab's clean environment; the lab types into it and reads its screen. For
 * a command that only the interactive mode runs to the end (Gemini CLI's
 * `/compress` waits there; in `-p` mode it races the prompt it also sends).
 */
import { join } from 'node:path';
import type { RunContext } from '../agent';
import { tailOf } from './pinnedPackage';

export interface Terminal {
  /** Types `text`, then Enter once the screen shows it (or what `ready` waits for: a command's completion list). */
  type(text: string, ready?: (screen: string) => boolean): Promise<void>;
  /** Presses one key (tmux's name for it: `Enter`, `Escape`). */
  press(key: string): Promise<void>;
  /** Waits until `holds` says yes of the screen, up to `timeoutMs`; false when it never did. */
  waitFor(holds: (screen: string) => boolean, timeoutMs: number): Promise<boolean>;
  /** The screen as text. */
  screen(): Promise<string>;
  /** Ends the terminal and what runs in it. */
  close(): Promise<void>;
}

const POLL_MS = 500;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `command args` started in a terminal 160 × 50 with `env` added to the clean environment; null without tmux. */
export async function openTerminal(
  ctx: RunContext,
  command: string[],
  env: Record<string, string>,
): Promise<Terminal | null> {
  const socket = join(ctx.home, '.lab-tmux');
  const tmux = (args: string[]) =>
    ctx.exec('tmux', ['-S', socket, ...args], { env: { TERM: 'xterm-256color', ...env }, timeoutMs: 30_000 });
  const quoted = command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  const started = await tmux(['new-session', '-d', '-x', '160', '-y', '50', quoted]);
  if (started.code === null) return null; // no tmux on this machine
  if (started.code !== 0) throw new Error(`tmux new-session failed: ${tailOf(started)}`);
  const screen = async () => (await tmux(['capture-pane', '-p'])).stdout;
  const terminal: Terminal = {
    async type(text, ready = (shown) => shown.includes(text)) {
      await tmux(['send-keys', '-l', text]);
      // Enter only once the interface has taken the text in: sent with it, it may take both as one paste.
      await terminal.waitFor(ready, 10_000);
      await terminal.press('Enter');
    },
    async press(key) {
      await tmux(['send-keys', key]);
    },
    async waitFor(holds, timeoutMs) {
      for (const end = Date.now() + timeoutMs; Date.now() < end; await pause(POLL_MS))
        if (holds(await screen())) return true;
      return false;
    },
    screen,
    async close() {
      await tmux(['kill-server']);
    },
  };
  return terminal;
}
