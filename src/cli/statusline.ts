/**
 * `statusline`: a status-line command for Claude Code. Claude Code runs it
 * at every change of the conversation with a JSON description of the
 * session on stdin (`transcript_path`, `model`, `workspace`,
 * `context_window`, …) and shows the first line it prints. It says how full
 * the context is, how far Claude Code's auto-compact is, and what the last
 * compaction left.
 *
 * A status line must never break and never lag: whatever it is given (no
 * JSON, a transcript path that is a device, a folder or a 1 GB file) it
 * prints one short line and exits 0, reading at most the transcript's last
 * `TAIL_BYTES`, and it imports only the few core files it needs so that it
 * starts fast.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { ClaudeCodeWindow } from '../core/harness/claudeCodeWindow';
import { claudeCodeWindowOnDisk, type ClaudeSettingsRequest } from './claudeSettings';
import { promptTokens as sentTokens } from '../core/fileUsage';
import { tokensUntil } from '../core/nextCompaction';
import { processIo, singleLine, terminalIo, type Io } from './io';
import { COUNT_FLAG } from './statuslineFlag';
import { factLossLine, type FactLoss } from '../core/ledger/survival';

export const STATUSLINE_HELP = `Usage: compaction-playground statusline [--claude-settings DIR]

A status line for Claude Code: reads the session JSON Claude Code passes on
stdin and prints one line: the context's share of the window, the tokens
until auto-compact and what the last compaction left. The auto-compact
window and point are Claude Code's own: CLAUDE_CODE_AUTO_COMPACT_WINDOW,
autoCompactWindow in the user, project, local and managed settings,
CLAUDE_AUTOCOMPACT_PCT_OVERRIDE, the off switches and
CLAUDE_CODE_DISABLE_1M_CONTEXT; the line says which set the window. Never
fails: bad input gives a short line and exit 0.

Options:
  --claude-settings DIR  read the project settings (.claude/settings.json,
                         .claude/settings.local.json) under DIR instead of the
                         session's project folder

In ~/.claude/settings.json:
  "statusLine": { "type": "command", "command": "npx compaction-playground statusline" }`;

/** The transcript's tail that is read for the last usage: enough for many calls, little enough to stay fast. */
export const TAIL_BYTES = 1024 * 1024;
/** The most of stdin that is read; Claude Code's JSON is a few hundred bytes. */
const MAX_INPUT_CHARS = 256 * 1024;
/** How long stdin is waited for when nothing closes it. */
const INPUT_WAIT_MS = 150;
/** Claude Code's triggers are `auto` and `manual`; a longer one is cut to this. */
const MAX_TRIGGER_CHARS = 16;

export interface StatusInput {
  transcript_path?: unknown;
  model?: unknown;
  context_window?: unknown;
  workspace?: unknown;
}

/** Claude Code's window and point for a session, from its settings; the status JSON says which session. */
export type WindowResolver = (request: ClaudeSettingsRequest) => ClaudeCodeWindow;

/** What the transcript's tail says: the newest call's context, and the newest compaction. */
export interface TailFacts {
  contextTokens: number | null;
  compaction: {
    trigger: string | null;
    before: number | null;
    after: number | null;
    /** Where its boundary line starts: a character index in the text read, then a byte offset in the file. */
    at: number;
    /** The boundary line's `uuid`, or null. */
    id: string | null;
  } | null;
  /** Why the transcript could not be read, in a few words. */
  problem: string | null;
}

/** The tail's facts, and the size of the file they were read from. */
export interface Tail extends TailFacts {
  size: number;
}

export async function statusline(
  argv: string[],
  io: Io,
  input: () => Promise<string> = readStdin,
  env: NodeJS.ProcessEnv = process.env,
  lossOf: LossCounter = countLoss,
  resolveWindow: WindowResolver = claudeCodeWindowOnDisk,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(STATUSLINE_HELP);
    return 0;
  }
  if (argv[0] === COUNT_FLAG) {
    try {
      (await import('./statuslineCount')).countLost(argv.slice(1));
    } catch {
      // A count that fails is tried again by a later status line.
    }
    return 0;
  }
  let line: string;
  try {
    const at = argv.indexOf('--claude-settings');
    const settingsDir = at >= 0 ? (argv[at + 1] ?? null) : null;
    line = await statusText(await input(), env, lossOf, resolveWindow, settingsDir);
  } catch (error) {
    line = `context ?: ${error instanceof Error ? error.message.slice(0, 60) : 'unavailable'}`;
  }
  io.out(singleLine(line));
  return 0;
}

/**
 * The command as the executable runs it when it is the first argument:
 * straight to this file, without the other commands' modules, which a
 * status line run at every change has no time to load.
 */
export function runStatusline(argv: string[]): Promise<number> {
  return statusline(argv, terminalIo(processIo));
}

/**
 * What the compaction whose boundary starts at byte `at` of the transcript
 * lost; `counting` while a process of its own counts it; null when it
 * cannot be told.
 */
export type LossCounter = (
  path: string,
  compaction: NonNullable<TailFacts['compaction']>,
  fileSize: number,
) => Promise<FactLoss | 'counting' | null>;

/**
 * The ledger's count as `statuslineLoss.ts` keeps it, from a module loaded
 * only when the tail holds a compaction: a status line without one loads
 * none of it. Whatever goes wrong, the line goes on without the count.
 */
const countLoss: LossCounter = async (path, compaction, fileSize) => {
  try {
    return (await import('./statuslineLoss')).knownLoss(path, compaction, fileSize);
  } catch {
    return null;
  }
};

/** The line for one status JSON. Pure but for reading the transcript and the count's cache. */
export async function statusText(
  raw: string,
  env: NodeJS.ProcessEnv,
  lossOf: LossCounter = countLoss,
  resolveWindow: WindowResolver = claudeCodeWindowOnDisk,
  settingsDir: string | null = null,
): Promise<string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'context ?: no status JSON on stdin';
  }
  if (!isObject(parsed)) return 'context ?: no status JSON on stdin';
  const status = parsed as StatusInput;
  const model = isObject(status.model) && typeof status.model.id === 'string' ? status.model.id : null;
  const resolved = resolveWindow({
    env,
    project: settingsDir ?? projectOf(status),
    model,
    reportedWindow: reportedWindow(status),
  });
  const window = resolved.modelWindow;
  const path = typeof status.transcript_path === 'string' ? status.transcript_path : null;
  const tail = path ? readTail(path) : { contextTokens: null, compaction: null, problem: null, size: 0 };
  const tokens = usageTokens(status) ?? tail.contextTokens;
  const parts: string[] = [];
  if (tokens === null) parts.push(`context ? of ${short(window)}`);
  else parts.push(`context ${percent(tokens, window)} (${short(tokens)}/${short(window)})`);
  const { trigger } = resolved;
  const from = sourceWord(resolved);
  if (!trigger) parts.push(`auto-compact off (${resolved.off})`);
  else if (tokens !== null) {
    const until = tokensUntil(trigger, tokens);
    parts.push(`${until === 0 ? 'auto-compact due' : `auto-compact in ${short(until ?? 0)}`}${from}`);
  }
  if (path && tail.compaction)
    parts.push(lossLine(tail.compaction, await lossOf(path, tail.compaction, tail.size)));
  if (tail.problem) parts.push(tail.problem);
  return parts.join(' · ');
}

/**
 * What the last compaction left, in a few words: the sizes it recorded, and
 * the facts of what it summarized that its summary no longer names. While
 * those are still being counted the line leaves them out: a status line is
 * always a finished line, never a progress word.
 */
export function lossLine(
  c: NonNullable<TailFacts['compaction']>,
  loss: FactLoss | 'counting' | null,
): string {
  const how = c.trigger ? `${c.trigger}-compacted` : 'compacted';
  let line = how;
  if (c.before !== null && c.after !== null) line = `${how} ${short(c.before)}→${short(c.after)}`;
  else if (c.before !== null) line = `${how} at ${short(c.before)}`;
  const lost = loss && loss !== 'counting' && factLossLine(loss);
  return lost ? `${line}, ${lost}` : line;
}

/** The most a window is believed to be: a larger size given is not a window, and the model's is used. */
const MAX_WINDOW = 100_000_000;

/** The model's window as Claude Code reports it, or null when it sends none worth believing. */
function reportedWindow(status: StatusInput): number | null {
  const given = isObject(status.context_window) ? status.context_window.context_window_size : undefined;
  // Below one token (0, 0.5) or past any model's, the size given says nothing.
  return typeof given === 'number' && given >= 1 && given <= MAX_WINDOW ? Math.floor(given) : null;
}

/** The session's project folder, whose `.claude` settings Claude Code reads. */
function projectOf(status: StatusInput): string | null {
  const w = isObject(status.workspace) ? status.workspace : {};
  const dir = typeof w.project_dir === 'string' ? w.project_dir : w.current_dir;
  return typeof dir === 'string' && dir !== '' ? dir : null;
}

/**
 * Which setting decided the window, in a word or two after the countdown:
 * nothing when it is the model's own window, as Claude Code reports it.
 */
function sourceWord(w: ClaudeCodeWindow): string {
  const s = w.source;
  switch (s.from) {
    case 'env':
      return ` (${short(w.window)} window, CLAUDE_CODE_AUTO_COMPACT_WINDOW${s.origin.from === 'settings-env' ? ` in ${s.origin.scope} env` : ''})`;
    case 'settings':
      return ` (${short(w.window)} window, ${s.scope} settings)`;
    case '1m-off':
      return ` (${short(w.window)} window, 1M context off)`;
    case 'unknown-model':
      return ` (${short(w.window)} window assumed: unrecognized model)`;
    default:
      return '';
  }
}

/** The context Claude Code reports for the newest call, when this version sends it. */
function usageTokens(status: StatusInput): number | null {
  const usage = isObject(status.context_window) ? status.context_window.current_usage : undefined;
  return isObject(usage) ? promptTokens(usage) : null;
}

/**
 * A call's prompt: uncached input plus cache writes plus cache reads, as
 * Claude Code counts the context. A count that is not a whole number of
 * tokens from 0 to `MAX_TOKENS` counts as none; no input count, no prompt.
 */
function promptTokens(usage: Record<string, unknown>): number | null {
  const count = (k: string) => (isCount(usage[k]) ? usage[k] : null);
  if (count('input_tokens') === null) return null;
  return sentTokens(
    count('input_tokens'),
    count('cache_read_input_tokens'),
    count('cache_creation_input_tokens'),
  );
}

/** More tokens than any context holds: a figure past it is not a count. */
const MAX_TOKENS = 1e12;

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_TOKENS;
}

/** The context's share of the window, `–` when there is no share to tell. */
function percent(tokens: number, window: number): string {
  const share = (tokens / window) * 100;
  return window > 0 && Number.isFinite(share) ? `${share.toFixed(0)}%` : '–';
}

/**
 * The newest usage and compaction in the last `TAIL_BYTES` of the
 * transcript. Only a regular file is read (a device, a pipe or a folder
 * would block or have no end), from its end, once.
 */
export function readTail(path: string): Tail {
  const none = (problem: string): Tail => ({ contextTokens: null, compaction: null, problem, size: 0 });
  let fd: number;
  try {
    // A pipe would block an ordinary open until a writer came: look first, and never wait.
    if (!statSync(path).isFile()) return none('transcript is not a file');
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return none('no transcript');
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return none('transcript is not a file');
    const length = Math.min(info.size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, info.size - length);
    // The first line of a tail cut from a larger file is only the end of a line.
    const skip = info.size > length ? buffer.indexOf(0x0a) + 1 : 0;
    const text = buffer.toString('utf8', skip, read);
    const facts = factsOf(text);
    if (facts.compaction) {
      const bytesBefore = Buffer.byteLength(text.slice(0, facts.compaction.at));
      facts.compaction.at = info.size - length + skip + bytesBefore;
    }
    return { ...facts, size: info.size - length + read };
  } catch {
    return none('transcript unreadable');
  } finally {
    closeSync(fd);
  }
}

/** Reads the lines newest first, until it has the newest usage and the newest compaction of the tail. */
export function factsOf(text: string): TailFacts {
  const facts: TailFacts = { contextTokens: null, compaction: null, problem: null };
  let end = text.length;
  while (end > 0 && (facts.contextTokens === null || facts.compaction === null)) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    if (!line.includes('"usage"') && !line.includes('compact_boundary')) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    if (!isObject(record)) continue;
    if (record.subtype === 'compact_boundary' && facts.compaction === null) {
      const meta = isObject(record.compactMetadata) ? record.compactMetadata : {};
      facts.compaction = {
        trigger: typeof meta.trigger === 'string' ? meta.trigger.slice(0, MAX_TRIGGER_CHARS) : null,
        before: isCount(meta.preTokens) ? meta.preTokens : null,
        after: isCount(meta.postTokens) ? meta.postTokens : null,
        at: start,
        id: typeof record.uuid === 'string' ? record.uuid : null,
      };
      continue;
    }
    const message = isObject(record.message) ? record.message : null;
    if (facts.contextTokens !== null) continue;
    if (record.isSidechain === true || !message || !isObject(message.usage)) continue;
    facts.contextTokens = promptTokens(message.usage);
  }
  return facts;
}

/** 84,000 → `84k`, 1,500 → `1.5k`, 1,000,000 → `1M`; `?` for what is not a figure. */
function short(n: number): string {
  if (!Number.isFinite(n)) return '?';
  if (n >= 1_000_000) return `${Number((n / 1_000_000).toFixed(1))}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}k`;
  if (n >= 1000) return `${Number((n / 1000).toFixed(1))}k`;
  return String(Math.round(n));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** stdin, at most `MAX_INPUT_CHARS`, waited for at most `INPUT_WAIT_MS` when it does not end. */
function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return Promise.resolve('');
  return new Promise((resolve) => {
    let text = '';
    const finish = () => {
      clearTimeout(timer);
      process.stdin.removeAllListeners('data');
      process.stdin.pause();
      process.stdin.unref?.();
      resolve(text);
    };
    const timer = setTimeout(finish, INPUT_WAIT_MS);
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_INPUT_CHARS) finish();
    });
    process.stdin.once('end', finish);
    process.stdin.once('error', finish);
  });
}
