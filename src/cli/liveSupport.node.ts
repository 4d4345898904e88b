/**
 * For the tests of the commands that follow a growing session: Claude Code
 * lines built from a few fields, and `watch` run in-process with a way to
 * wait for the line it is expected to print next.
 */
import { appendAll } from '../core/arrays';
import type { Io } from './io';
import { watch } from './watch';

const common = { isSidechain: false, sessionId: 's-1', version: '2.0.55' };

/** One Claude Code JSONL line (with its newline). */
export const ccLine = (record: object): string => `${JSON.stringify({ ...common, ...record })}\n`;

export const ccUser = (uuid: string, parent: string | null, content: string, extra: object = {}) =>
  ccLine({ type: 'user', uuid, parentUuid: parent, message: { role: 'user', content }, ...extra });

export const ccAssistant = (uuid: string, parent: string, text: string, usage?: object) =>
  ccLine({
    type: 'assistant',
    uuid,
    parentUuid: parent,
    message: {
      id: `m-${uuid}`,
      role: 'assistant',
      content: [{ type: 'text', text }],
      ...(usage ? { usage } : {}),
    },
  });

export const ccBoundary = (uuid: string, logicalParent: string, meta: object) =>
  ccLine({
    type: 'system',
    subtype: 'compact_boundary',
    uuid,
    parentUuid: null,
    logicalParentUuid: logicalParent,
    content: 'Conversation compacted',
    compactMetadata: meta,
  });

export const ccSummary = (uuid: string, parent: string, text: string) =>
  ccUser(uuid, parent, `This session is being continued from a previous conversation. ${text}`, {
    isCompactSummary: true,
  });

export const ccToolUse = (uuid: string, parent: string, id: string, name: string, input: object) =>
  ccLine({
    type: 'assistant',
    uuid,
    parentUuid: parent,
    message: { id: `m-${uuid}`, role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
  });

export const ccToolResult = (uuid: string, parent: string, id: string, text: string) =>
  ccLine({
    type: 'user',
    uuid,
    parentUuid: parent,
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] },
  });

const usage = (input_tokens: number) => ({
  input_tokens,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
  output_tokens: 10,
});

/** A session's work before its compaction: two reads, a test run and its error, the user's task with a rule. */
export const FIX_WORK =
  ccUser('u1', null, 'Fix the failing test in src/app.ts. Never push to main.') +
  ccToolUse('a1', 'u1', 't1', 'Read', { file_path: '/p/src/app.ts' }) +
  ccToolResult('r1', 'a1', 't1', 'export const add = (a, b) => a - b;') +
  ccToolUse('a2', 'r1', 't2', 'Bash', { command: 'npm test -- --run app' }) +
  ccToolResult('r2', 'a2', 't2', 'Error: expected 3 to be 4') +
  ccToolUse('a3', 'r2', 't3', 'Read', { file_path: '/p/src/util.ts' }) +
  ccToolResult('r3', 'a3', 't3', 'export {}') +
  ccAssistant('a4', 'r3', 'The sign is wrong in add.', usage(150_000));

export const FIX_BOUNDARY = ccBoundary('b1', 'a4', {
  trigger: 'auto',
  preTokens: 167_500,
  postTokens: 9_000,
});
export const FIX_SUMMARY = ccSummary('s1', 'b1', 'We were fixing the add function in src/app.ts.');

/**
 * `FIX_WORK` compacted, and a call after: its summary names only
 * `src/app.ts`, so of 6 facts it lost 5 (2 instructions, 1 path, 1 command, 1 error).
 */
export const FIX_SESSION =
  FIX_WORK + FIX_BOUNDARY + FIX_SUMMARY + ccAssistant('a5', 's1', 'continuing', usage(12_000));

export interface Watching {
  lines: string[];
  /** The next printed line (after those already waited for) that `match` accepts; earlier ones are skipped. */
  next(match: (line: string) => boolean): Promise<string>;
  /** The next `--json` object whose type is `type`. */
  nextOf(type: string): Promise<Record<string, unknown>>;
  /** Lines printed after the last one waited for. */
  since(): string[];
  stop(): Promise<number>;
}

export function startWatch(argv: string[]): Watching {
  const lines: string[] = [];
  let cursor = 0;
  let waiter: (() => void) | null = null;
  const io: Io = {
    out: (t) => {
      appendAll(lines, t.split('\n'));
      waiter?.();
    },
    err: (t) => {
      appendAll(lines, t.split('\n'));
      waiter?.();
    },
  };
  const controller = new AbortController();
  const running = watch(argv, io, { signal: controller.signal });
  let failure: unknown = null;
  running.catch((error: unknown) => {
    failure = error;
    waiter?.();
  });
  const next = async (match: (line: string) => boolean): Promise<string> => {
    for (;;) {
      if (failure) throw failure;
      while (cursor < lines.length) {
        const line = lines[cursor++]!;
        if (match(line)) return line;
      }
      await new Promise<void>((resolve) => (waiter = resolve));
      waiter = null;
    }
  };
  return {
    lines,
    next,
    async nextOf(type) {
      const line = await next((l) => l.startsWith(`{"type":"${type}"`));
      return JSON.parse(line) as Record<string, unknown>;
    },
    since: () => lines.slice(cursor),
    async stop() {
      controller.abort();
      return running;
    },
  };
}
