/**
 * `watch FILE|DIR`: follows a session as the agent writes it and says, at
 * each change, how full the context is and how far every strategy's next
 * compaction is. Only appended bytes are read; a folder is followed by its
 * newest session, switching when a new one starts.
 */
import { countOf } from '../core/numbers';
import { watch as watchFs, type FSWatcher } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import {
  analyze,
  compactionFacts,
  compactionLine,
  factLoss,
  factLossLine,
  factTexts,
  LEDGER_KINDS,
  type Estimator,
  liveReport,
  type LiveReport,
  measuredUnseen,
  type Message,
  type NextCompaction,
  type SessionHistory,
  type SettingsInput,
  shapeOf,
  StableMessages,
} from '../core';
import { Follower, type FollowEvent } from '../formats/follow';
import { GrowingJsonl } from '../formats/growingJsonl';
import type { FormatId } from '../formats/types';
import { fileSource, listSessions, pickSession } from './fileSource';
import { estimatorFor } from './estimator';
import { EXIT_OK, jsonLine, UsageError, type Io } from './io';
import { SETTINGS_HELP, SETTINGS_OPTIONS, formatFrom, integer, parse, settingsFrom } from './options';
import {
  describeClaudeCodeSource,
  setByClaudeCode,
  type ClaudeCodeWindow,
} from '../core/harness/claudeCodeWindow';
import { tokensUntil } from '../core/nextCompaction';
import { labUnseenOf } from '../core/harness/measured';
import type { FileUsage } from '../core/fileUsage';
import type { ImportResult } from '../formats/types';
import { CLAUDE_SETTINGS_HELP, CLAUDE_SETTINGS_OPTIONS, claudeCodeWindowFor } from './claudeCodeSession';

export const WATCH_HELP = `Usage: compaction-playground watch FILE|DIR [options]

Follows a session file while the agent writes it (Claude Code, Codex, pi,
Gemini CLI), reading only what was appended. At each change it prints the
context's tokens, its share of the window, the threshold, and for every
strategy how many tokens (and calls at the recent pace) until it compacts;
a compaction the file records gets its own line; for Claude Code, a line
with Claude Code's own auto-compact window and point from its settings
(--claude-settings) and which one decided. Given a folder, it follows
the newest session under it and switches when a new one starts. A file that
is truncated or replaced is read again; a deleted one is waited for.
Stop it with Ctrl-C.

Options:
  --interval MS       how often the file is looked at (default 300)
  --json              one JSON object per line: {"type":"update",...}, {"type":"compaction",...}
${SETTINGS_HELP.replace(/\n {2}--json[^\n]*/, '')}
${CLAUDE_SETTINGS_HELP}`;

export const WATCH_OPTIONS = {
  ...SETTINGS_OPTIONS,
  ...CLAUDE_SETTINGS_OPTIONS,
  interval: { type: 'string' },
} as const;

/** Claude Code's window for a session as it reads now; read again only when its model changes. */
type ClaudeOf = (session: Pick<ImportResult, 'format' | 'usage'>) => ClaudeCodeWindow | null;

const DEFAULT_INTERVAL_MS = 300;
/** After a change is noticed, a short wait so that a burst of appends is read as one. */
const SETTLE_MS = 25;

/** How a test (or Ctrl-C) stops the command. */
export interface WatchControl {
  signal: AbortSignal;
}

/** The one file being followed, and what was said about it. */
interface Followed {
  path: string;
  follower: Follower;
  growing: GrowingJsonl;
  stable: StableMessages;
  compactionsSaid: number;
  lastView: unknown;
  lastWaiting: string | null;
}

export async function watch(argv: string[], io: Io, control?: WatchControl): Promise<number> {
  const { values, positionals } = parse(argv, WATCH_OPTIONS);
  if (values.help) {
    io.out(WATCH_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1)
    throw new UsageError('watch needs one FILE or DIR (a session file, or a folder of sessions)');
  const target = positionals[0]!;
  const isDir = await kindOf(target);
  const settings = settingsFrom(values);
  const interval = integer(values, 'interval', 'milliseconds') ?? DEFAULT_INTERVAL_MS;
  if (interval === 0) throw new UsageError("--interval: expected at least 1 millisecond, got '0'");
  const estimator = await estimatorFor(settings);
  const say = new Sayer(io, values.json === true);
  const format = formatFrom(values);
  let claudeFor: { model: string | null; window: ClaudeCodeWindow | null } | undefined;
  const claudeOf: ClaudeOf = (session) => {
    const model = session.usage?.model ?? null;
    if (!claudeFor || claudeFor.model !== model)
      claudeFor = { model, window: claudeCodeWindowFor(session, values) };
    return claudeFor.window;
  };
  const typedWindow = values.window !== undefined;

  const own = control ? null : new AbortController();
  const signal = control?.signal ?? own!.signal;
  const onInterrupt = () => own?.abort();
  if (own) process.once('SIGINT', onInterrupt);
  try {
    let current: Followed | null = null;
    const known = new Set<string>();
    let saidEmpty = false;
    while (!signal.aborted) {
      if (isDir) {
        const sessions = await listSessions(target);
        const next = pickSession(sessions, current?.path ?? null, known);
        for (const s of sessions) known.add(s.path);
        if (next && next !== current?.path) {
          current = follow(next, format);
          say.following(next);
        } else if (!next && !saidEmpty) {
          say.noSession(target);
          saidEmpty = true;
        }
      } else current ??= follow(target, format);
      if (current) {
        const event = await current.follower.poll();
        react(current, event, estimator, settings, say, claudeOf, typedWindow);
      }
      await wake(isDir ? target : dirname(target), interval, signal);
    }
  } finally {
    if (own) process.removeListener('SIGINT', onInterrupt);
  }
  return EXIT_OK;
}

/** Whether the target is a folder; a missing target or one of another kind is bad input. */
async function kindOf(target: string): Promise<boolean> {
  try {
    const info = await stat(target);
    if (info.isDirectory()) return true;
    if (info.isFile()) return false;
    throw new UsageError(`${target}: neither a session file nor a folder`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `${target}: no such file or folder`
        : `${target}: cannot be read (${code ?? error})`,
    );
  }
}

function follow(path: string, format: FormatId | undefined): Followed {
  const growing = new GrowingJsonl(format);
  return {
    path,
    follower: new Follower(fileSource(path), growing),
    growing,
    stable: new StableMessages(),
    compactionsSaid: 0,
    lastView: null,
    lastWaiting: null,
  };
}

function react(
  f: Followed,
  event: FollowEvent,
  estimator: Estimator,
  settings: SettingsInput,
  say: Sayer,
  claudeOf: ClaudeOf,
  typedWindow: boolean,
): void {
  switch (event.kind) {
    case 'unchanged':
      return;
    case 'deleted':
      say.deleted(f.path);
      return;
    case 'failed':
      say.waiting(f.path, event.error.message);
      return;
    case 'restarted':
      f.stable.clear();
      f.compactionsSaid = 0;
      f.lastView = null;
      f.lastWaiting = null;
      say.restarted(f.path, event.reason);
      break;
    case 'appended':
      break;
  }
  const view = f.growing.view();
  if (view === f.lastView) return;
  f.lastView = view;
  if (!view.ok) {
    if (view.error.message !== f.lastWaiting) say.waiting(f.path, view.error.message);
    f.lastWaiting = view.error.message;
    return;
  }
  f.lastWaiting = null;
  const history = view.result.history;
  // A compaction is judged once what it wrote is in: a boundary whose summary line is still to come has lost everything.
  while (history && f.compactionsSaid < history.compactions.length) {
    if (history.messages.length <= history.compactions[f.compactionsSaid]!.atMessage) break;
    say.compaction(f.path, history, f.compactionsSaid);
    f.compactionsSaid++;
  }
  const claude = claudeOf(view.result);
  const windowed =
    claude && !typedWindow && setByClaudeCode(claude.source)
      ? { ...settings, maxContextTokens: claude.window }
      : settings;
  say.update(f.path, reportOf(view.result, f.stable, estimator, windowed), claude);
}

/** Claude Code's own point for the session now: `claude code: auto-compact in 5,000 tokens (window 150,000 from …)`. */
export function describeClaudeCode(c: ClaudeCodeWindow, contextTokens: number): string {
  const window = `window ${n(c.window)} ${describeClaudeCodeSource(c.source)}`;
  if (!c.trigger) return `claude code: auto-compact off (${c.off}; ${window})`;
  const until = tokensUntil(c.trigger, contextTokens) ?? 0;
  return `claude code: auto-compact ${until === 0 ? 'now' : `in ${n(until)} tokens`} at ${n(c.trigger.threshold)} (${window})`;
}

/**
 * The report on the session now. Messages read again unchanged are the
 * objects counted before, so only what the file gained is tokenized.
 */
export function reportOf(
  session: {
    messages: readonly Message[];
    history?: SessionHistory;
    format?: string;
    sourceFormat?: string;
    usage?: FileUsage;
  },
  stable: StableMessages,
  estimator: Estimator,
  settings: SettingsInput,
): LiveReport {
  const { messages, history } = stable.settleSession(session);
  const counted = shapeOf(messages, estimator);
  // What every request carried besides the file's messages, measured from its recorded usage, as inspect
  // does; the lab's measure of the agent version takes its place when the file names one the lab has run.
  const unseenTokens = measuredUnseen(messages, counted.counts, history, estimator);
  const labTokens = labUnseenOf(session);
  const shape = { ...counted, unseenTokens, labTokens };
  return liveReport(shape, analyze(shape, settings));
}

/**
 * Waits for the next look: the interval, or sooner when the folder reports
 * a change (then a moment more, so a burst of appends is one update).
 */
async function wake(folder: string, interval: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  let watcher: FSWatcher | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = () => {};
  try {
    await new Promise<void>((resolve) => {
      done = () => resolve();
      signal.addEventListener('abort', done, { once: true });
      timer = setTimeout(done, interval);
      try {
        watcher = watchFs(folder, () => {
          clearTimeout(timer);
          timer = setTimeout(done, SETTLE_MS);
        });
        watcher.on('error', () => undefined);
      } catch {
        // Not every file system reports changes: the interval alone then.
      }
    });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', done);
    (watcher as FSWatcher | null)?.close();
  }
}

const n = (value: number) => value.toLocaleString('en-US');

/** One strategy's distance: `budget in 12,000 tokens (~3 calls)`. */
export function describeNext(next: NextCompaction): string {
  if (next.tokensUntil === null) return `${next.strategy} never (no window)`;
  if (next.tokensUntil === 0) return `${next.strategy} now`;
  const calls =
    next.callsUntil === null ? '' : ` (~${n(next.callsUntil)} call${next.callsUntil === 1 ? '' : 's'})`;
  return `${next.strategy} in ${n(next.tokensUntil)} tokens${calls}`;
}

/** The context in one line: messages, tokens, share of the window, threshold. */
export function describeReport(r: LiveReport): string {
  const share = r.percentOfWindow === null ? 'no window' : `${r.percentOfWindow}% of ${n(r.window)}`;
  const pace = r.tokensPerCall === null ? '' : `, ~${n(r.tokensPerCall)} tokens per call`;
  return `${countOf(r.messages, 'message')}, ${n(r.contextTokens)} tokens (${share}), threshold ${n(r.threshold)} (${r.strategy})${pace}`;
}

/** What the command says, as text lines or as one JSON object per line. */
class Sayer {
  constructor(
    private readonly io: Io,
    private readonly json: boolean,
  ) {}

  private line(text: string, value: Record<string, unknown>): void {
    this.io.out(this.json ? jsonLine(value) : text);
  }

  following(file: string): void {
    this.line(`following ${file}`, { type: 'following', file });
  }

  noSession(dir: string): void {
    this.line(`no session under ${dir} yet; waiting for one`, {
      type: 'waiting',
      file: dir,
      reason: 'no session',
    });
  }

  deleted(file: string): void {
    this.line(`${basename(file)} was deleted; waiting for it to come back`, { type: 'deleted', file });
  }

  restarted(file: string, reason: 'truncated' | 'replaced'): void {
    this.line(`${basename(file)} was ${reason}; reading it again from the start`, {
      type: 'restarted',
      reason,
      file,
    });
  }

  waiting(file: string, reason: string): void {
    this.line(`${basename(file)}: ${reason}; waiting for more`, { type: 'waiting', file, reason });
  }

  /** The compaction's line: its recorded sizes and the ledger's count of what it lost (`audit` has the rest). */
  compaction(file: string, history: SessionHistory, index: number): void {
    const c = history.compactions[index]!;
    const facts = compactionFacts(history, index);
    const ledger = `${compactionLine(c)}; ${factLossLine(factLoss(facts)) ?? 'no facts to keep'}`;
    this.line(ledger, {
      type: 'compaction',
      file,
      line: c.line ?? null,
      trigger: c.trigger,
      tokensBefore: c.tokensBefore,
      tokensAfter: c.tokensAfter,
      atMessage: c.atMessage,
      ledger,
      facts: Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, factTexts(facts[kind])])),
    });
  }

  update(file: string, r: LiveReport, claude: ClaudeCodeWindow | null): void {
    const lines = [describeReport(r), `  next compaction: ${r.next.map(describeNext).join(' · ')}`];
    if (claude) lines.push(`  ${describeClaudeCode(claude, r.contextTokens)}`);
    const text = lines.join('\n');
    this.line(text, {
      type: 'update',
      file,
      messages: r.messages,
      contextTokens: r.contextTokens,
      threshold: r.threshold,
      percentOfWindow: r.percentOfWindow,
      window: r.window,
      strategy: r.strategy,
      tokensPerCall: r.tokensPerCall,
      nextCompaction: Object.fromEntries(r.next.map((x) => [x.strategy, x.tokensUntil])),
      callsUntil: Object.fromEntries(r.next.map((x) => [x.strategy, x.callsUntil])),
      ...(claude
        ? {
            claudeCode: {
              window: claude.window,
              threshold: claude.trigger?.threshold ?? null,
              tokensUntil: claude.trigger ? tokensUntil(claude.trigger, r.contextTokens) : null,
              off: claude.off,
              source: claude.source,
            },
          }
        : {}),
    });
  }
}
