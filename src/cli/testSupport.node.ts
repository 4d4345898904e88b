/** Running the command line in-process, for the command tests. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMALL_CHAT } from '../formats/fixtures/smallChat';
import type { Io } from './io';
import { main } from './main';

export interface Run {
  code: number;
  out: string;
  err: string;
  /** What went to the terminal stream, when the run had one. */
  streamed: string;
}

/** Runs one command; `terminal` gives it a stdout that is a terminal, so summaries stream. */
export async function run(argv: string[], options: { terminal?: boolean } = {}): Promise<Run> {
  const result: Run = { code: 0, out: '', err: '', streamed: '' };
  const io: Io = {
    out: (t) => (result.out += `${t}\n`),
    err: (t) => (result.err += `${t}\n`),
    ...(options.terminal ? { stream: (t: string) => void (result.streamed += t) } : {}),
  };
  result.code = await main(argv, io);
  return result;
}

/** A fresh folder, and a function that writes a file into it and returns its path. */
export function scratch(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return {
    dir,
    file(name: string, content: string | object): string {
      const path = join(dir, name);
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      return path;
    },
  };
}

/** Sets environment variables for one test and puts the old values back. */
export function withEnv(vars: Record<string, string | undefined>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(vars);
  return () => apply(saved);
}

/** The small agent transcript the command tests share: a split turn at keep-recent 30 (o200k_base). */
export const CHAT = SMALL_CHAT;
