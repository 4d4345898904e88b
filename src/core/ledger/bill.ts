/**
 * The amnesia bill of each recorded compaction: what the agent paid after
 * it to get back to work. How many tool calls it made before its first
 * edit (or passing test run), against its own pace before the compaction
 * and against its own start; the files it read again and the commands it
 * ran again that it had read or run before; the tokens those calls brought
 * back into the context, priced; and the facts the summary lost (the
 * ledger's own figure). Deterministic: calls, paths and command strings
 * only, plus the token count of each re-gathering call's result.
 */
import { sameFile } from '../eval/facts';
import { shellCommand } from '../eval/shell';
import type { Message, ToolCall } from '../message';
import type { LedgerPrice } from './cost';
import { commandPurpose, shellTouches } from './shellOps';
import { touchesOfCall, type Touch } from './touches';

export interface CompactionBill {
  /**
   * Tool calls after the compaction before its first edit or passing test
   * run; null when none came before the next compaction (or the end).
   */
  actionsToFirstEdit: number | null;
  /** Tool calls after the compaction, up to the next one (or the end). */
  actionsAfter: number;
  /** Median tool calls between one edit and the next before the compaction; null with fewer than two. */
  paceBefore: number | null;
  /** Tool calls before the session's first edit, when that edit came before its first compaction; else null. */
  freshStart: number | null;
  /** Distinct files read after it (up to the next compaction) that had been read before it. */
  filesReRead: number;
  /**
   * Distinct commands run after it, with the same command line as one run
   * before it (file reads and verifications aside).
   */
  commandsReRun: number;
  /**
   * Distinct test, lint, type-check or build commands run again after it:
   * checking the work, not forgetting it, so neither amnesia nor re-gathered.
   */
  verificationsReRun: number;
  /** Our count of the results of the re-reads and re-runs, every call of them (verifications aside). */
  regatherTokens: number;
  /** Those tokens as input at the session's model's price, in USD; null without a price. */
  regatherCost: number | null;
  /** Facts of the summarized part that its summary lost. */
  factsLost: number;
}

/** The bills of a whole session, added up. */
export interface BillTotal {
  compactions: number;
  /** The longest way back to work after any one compaction; null when none reached an edit. */
  actionsToFirstEditMax: number | null;
  filesReRead: number;
  commandsReRun: number;
  verificationsReRun: number;
  regatherTokens: number;
  /** Null when some compaction's cost is unknown. */
  regatherCost: number | null;
  factsLost: number;
}

/** Commands that run a test suite, across the toolchains people use. */
const TEST_COMMAND =
  /(^|[\s;&|(])((npm|pnpm|yarn|bun)\s+(run\s+)?test|npx\s+(vitest|jest|mocha|playwright\s+test)|vitest|jest|pytest|python3?\s+-m\s+(pytest|unittest)|(cargo|go|deno|dotnet|swift|mix)\s+test|make\s+(test|check)|ctest|rspec|phpunit|tox|gradle\w*\s+test|mvn\w*\s+test)\b/;
/** A result that reports a failure: a nonzero count of failures, or a runner's FAIL (in capitals). */
const FAILED_COUNT = /\b[1-9]\d*\s+(failed|failing|failures?|errors?)\b|\bexit code [1-9]/i;
const FAILED_WORD = /\bFAIL(ED)?\b|\bnpm ERR!|\bTraceback\b/;
const PASSED = /\b(passed|passing|ok|tests? succeeded)\b/i;

/** Whether a shell call ran tests and its result reports them passing. */
export function isPassingTestRun(command: string, result: string | undefined): boolean {
  if (!TEST_COMMAND.test(command) || result === undefined) return false;
  return PASSED.test(result) && !FAILED_COUNT.test(result) && !FAILED_WORD.test(result);
}

/** One tool call as the bill reads it. */
interface Action {
  atMessage: number;
  /** Index of its result message, or null when the file has none. */
  resultAt: number | null;
  reads: string[];
  /** The command line, for a shell call that reads no file. */
  command: string | null;
  /** Whether that command checks the work (tests, lint, types, a build). */
  verifies: boolean;
  /** A file edit or write, through a tool or the shell, or a passing test run. */
  progress: boolean;
}

function actionsOf(messages: readonly Message[]): Action[] {
  const resultOf = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === 'tool' && m.toolCallId !== undefined && !resultOf.has(m.toolCallId))
      resultOf.set(m.toolCallId, i);
  });
  const out: Action[] = [];
  messages.forEach((m, i) => {
    for (const call of m.toolCalls ?? [])
      out.push(actionOf(messages, call, i, resultOf.get(call.id) ?? null));
  });
  return out;
}

function actionOf(
  messages: readonly Message[],
  call: ToolCall,
  atMessage: number,
  resultAt: number | null,
): Action {
  const line = shellCommand(call) ?? null;
  const result = resultAt === null ? undefined : messages[resultAt]!.content;
  if (line !== null) {
    // A shell call is read once here, for its files, its edits and its purpose alike.
    const shell = shellTouches(line);
    const edits = shell.edits;
    const command = shell.reads.length === 0 && !edits ? line : null;
    return {
      atMessage,
      resultAt,
      reads: shell.reads,
      command,
      verifies: command !== null && commandPurpose(line, shell) === 'verify',
      progress: edits || isPassingTestRun(line, result),
    };
  }
  const touches: Touch[] = [];
  touchesOfCall(call, atMessage, touches);
  const edits = touches.some((t) => t.access === 'write');
  return {
    atMessage,
    resultAt,
    reads: touches.filter((t) => t.access === 'read').map((t) => t.path),
    command: null,
    verifies: false,
    progress: edits,
  };
}

/** Files seen so far, found again by the same file under another spelling (`./a.ts`, `/repo/a.ts`). */
class SeenFiles {
  private readonly byName = new Map<string, string[]>();

  private static nameOf(path: string): string {
    return path.slice(path.lastIndexOf('/') + 1);
  }

  add(path: string): void {
    const name = SeenFiles.nameOf(path);
    const list = this.byName.get(name);
    if (!list) this.byName.set(name, [path]);
    else if (!list.includes(path)) list.push(path);
  }

  has(path: string): boolean {
    return this.byName.get(SeenFiles.nameOf(path))?.some((p) => sameFile(p, path)) ?? false;
  }
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface BillInput {
  messages: readonly Message[];
  /** Where each recorded compaction sits, in order. */
  compactionsAt: readonly number[];
  /** Facts each compaction lost, in the same order. */
  factsLost: readonly number[];
  /** Our token count of the message at an index: asked only of the re-gathering calls' results. */
  tokensOf: (index: number) => number;
  /** The session's model's prices, or null. */
  price: LedgerPrice | null;
}

/** One bill per compaction of `input.compactionsAt`. */
export function compactionBills(input: BillInput): CompactionBill[] {
  const { messages, compactionsAt } = input;
  const actions = actionsOf(messages);
  const progressAt: number[] = [];
  actions.forEach((a, k) => a.progress && progressAt.push(k));
  const firstAt = compactionsAt[0] ?? messages.length;
  const first = progressAt[0];
  const freshStart = first !== undefined && actions[first]!.atMessage < firstAt ? first : null;
  const read = new SeenFiles();
  const ran = new Set<string>();
  let next = 0;
  return compactionsAt.map((at, k) => {
    // Everything before this compaction joins what was read and run before it.
    while (next < actions.length && actions[next]!.atMessage < at) {
      const a = actions[next++]!;
      for (const path of a.reads) read.add(path);
      if (a.command !== null) ran.add(a.command);
    }
    const start = next;
    const end = compactionsAt[k + 1] ?? messages.length;
    let stop = start;
    while (stop < actions.length && actions[stop]!.atMessage < end) stop++;
    const gaps: number[] = [];
    for (let j = 1; j < progressAt.length && progressAt[j]! < start; j++)
      gaps.push(progressAt[j]! - progressAt[j - 1]! - 1);
    const firstEdit = progressAt.find((p) => p >= start && p < stop);
    const reread = new SeenFiles();
    let filesReRead = 0;
    const rerun = new Set<string>();
    const reverified = new Set<string>();
    let regatherTokens = 0;
    for (let j = start; j < stop; j++) {
      const a = actions[j]!;
      const again = a.reads.filter((path) => read.has(path));
      for (const path of again)
        if (!reread.has(path)) {
          reread.add(path);
          filesReRead++;
        }
      const runAgain = a.command !== null && ran.has(a.command) && !a.verifies;
      if (runAgain) rerun.add(a.command!);
      if (a.command !== null && ran.has(a.command) && a.verifies) reverified.add(a.command);
      if ((again.length > 0 || runAgain) && a.resultAt !== null) regatherTokens += input.tokensOf(a.resultAt);
    }
    return {
      actionsToFirstEdit: firstEdit === undefined ? null : firstEdit - start,
      actionsAfter: stop - start,
      paceBefore: median(gaps),
      freshStart,
      filesReRead,
      commandsReRun: rerun.size,
      verificationsReRun: reverified.size,
      regatherTokens,
      regatherCost: input.price ? (regatherTokens * input.price.input) / 1_000_000 : null,
      factsLost: input.factsLost[k] ?? 0,
    };
  });
}

export function billTotal(bills: readonly CompactionBill[]): BillTotal {
  let max: number | null = null;
  let cost: number | null = 0;
  const total = { filesReRead: 0, commandsReRun: 0, verificationsReRun: 0, regatherTokens: 0, factsLost: 0 };
  for (const b of bills) {
    if (b.actionsToFirstEdit !== null) max = Math.max(max ?? 0, b.actionsToFirstEdit);
    cost = cost === null || b.regatherCost === null ? null : cost + b.regatherCost;
    total.filesReRead += b.filesReRead;
    total.commandsReRun += b.commandsReRun;
    total.verificationsReRun += b.verificationsReRun;
    total.regatherTokens += b.regatherTokens;
    total.factsLost += b.factsLost;
  }
  return {
    compactions: bills.length,
    actionsToFirstEditMax: max,
    filesReRead: total.filesReRead,
    commandsReRun: total.commandsReRun,
    verificationsReRun: total.verificationsReRun,
    regatherTokens: total.regatherTokens,
    regatherCost: bills.length ? cost : null,
    factsLost: total.factsLost,
  };
}

const count = (n: number) => n.toLocaleString('en-US');
const one = (n: number) => (Number.isInteger(n) ? count(n) : n.toFixed(1));
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;
const dollars = (usd: number) => (usd === 0 ? '$0' : `$${usd.toFixed(usd < 0.01 ? 4 : 2)}`);

function regathered(b: {
  filesReRead: number;
  commandsReRun: number;
  verificationsReRun: number;
  regatherTokens: number;
  regatherCost: number | null;
  factsLost: number;
}): string {
  const price = b.regatherCost === null ? '' : ` (${dollars(b.regatherCost)})`;
  const checks = b.verificationsReRun ? ` (and ${plural(b.verificationsReRun, 'check')} to verify)` : '';
  return `re-read ${plural(b.filesReRead, 'file')}, re-ran ${plural(b.commandsReRun, 'command')}${checks}: ${count(b.regatherTokens)} tokens${price} re-gathered; ${plural(b.factsLost, 'fact')} lost`;
}

/**
 * "Compaction 2 at #140: 14 actions to the first edit (pace 4, fresh start
 * 6); re-read 3 files, re-ran 2 commands: 8,420 tokens ($0.03) re-gathered;
 * 5 facts lost". `index` is 0-based; `atMessage` as the ledger gives it.
 */
export function billLine(index: number, atMessage: number, b: CompactionBill): string {
  const head = `Compaction ${index + 1} at #${count(atMessage)}`;
  const compared = [
    b.paceBefore === null ? null : `pace ${one(b.paceBefore)}`,
    b.freshStart === null ? null : `fresh start ${count(b.freshStart)}`,
  ].filter((s) => s !== null);
  const against = compared.length ? ` (${compared.join(', ')})` : '';
  const toEdit =
    b.actionsToFirstEdit === null
      ? b.actionsAfter === 0
        ? 'no action after it'
        : `no edit in the ${plural(b.actionsAfter, 'action')} after it`
      : `${plural(b.actionsToFirstEdit, 'action')} to the first edit`;
  return `${head}: ${toEdit}${against}; ${regathered(b)}`;
}

/** "Over 3 compactions: at most 14 actions to the first edit; re-read 5 files, …". */
export function billTotalLine(t: BillTotal): string {
  const worst =
    t.actionsToFirstEditMax === null
      ? 'no edit after any'
      : `at most ${plural(t.actionsToFirstEditMax, 'action')} to the first edit`;
  return `Over ${plural(t.compactions, 'compaction')}: ${worst}; ${regathered(t)}`;
}
