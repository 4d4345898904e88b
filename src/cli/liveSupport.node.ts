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
