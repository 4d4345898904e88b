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

/** The screen's last line that holds anything: what an agent said when the lab's wait ran out. */
export const lastLine = (screen: string) =>
  screen
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1) ?? '(an empty screen)';

/** Null once the interactive mode asks for input (`ready`), else why the lab gave up on it. */
export async function awaitInput(
  terminal: Terminal,
  ready: (screen: string) => boolean,
  timeoutMs = 90_000,
): Promise<string | null> {
  if (await terminal.waitFor(ready, timeoutMs)) return null;
  return `not run: the interactive mode never asked for input (${lastLine(await terminal.screen())})`;
}

/**
 * A slash command typed into Gemini CLI or its fork Qwen Code: Enter once the
 * completion list offers it (`offered`, its description), and again while the
 * history does not show it submitted (`> /command`): an Enter that lands while
 * the list is drawn only completes the command.
 */
export async function submitSlashCommand(terminal: Terminal, command: string, offered: string) {
  await terminal.type(command, (shown) => shown.includes(offered));
  const submitted = (shown: string) =>
    shown.split('\n').some((line) => line.trimStart().startsWith(`> ${command}`));
  for (let tries = 1; tries < 3 && !(await terminal.waitFor(submitted, 10_000)); tries++)
    await terminal.press('Enter');
}
