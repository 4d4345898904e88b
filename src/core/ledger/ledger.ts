/**
 * The ledger of what a session's own compactions did: for every compaction
 * the file records, what it summarized and what it wrote, which facts of the
 * summarized part its summary still names, the files read again before the
 * next compaction, and what it cost against what it saved. Deterministic:
 * the facts and their matching are the judge's (`../eval`), the sizes are
 * the file's where it records them and our counts where it does not.
 */
import { sameFile, mineFacts, type Fact, type IndexRange } from '../eval/facts';
import { indexSummary, numberKept, type SummaryIndex } from '../eval/match';
import { factKept } from '../eval/score';
import type { StatedNumber } from '../eval/statedNumbers';
import type { Message } from '../message';
import { sessionCalls, type SessionCall } from '../session/calls';
import type {
  CompactionTrigger,
  DurationSource,
  RecordedCompaction,
  SessionHistory,
} from '../session/history';
import { recordedContext } from '../session/recorded';
import { isSummaryMessage } from '../summaryEnvelope';
import { billTotal, compactionBills, type BillTotal, type CompactionBill } from './bill';
import { compactionCost, type CompactionCost, type LedgerPrice } from './cost';
import type { FactSurvival, LedgerKind } from './kinds';
import { findLoops, type CompactionLoop } from './loops';
import { factLoss, survivalOf, type Survival } from './survival';
import { touchesOf } from './touches';

/** The ledger keeps more facts per kind than the judge's checklist: its shares are over whole sessions. */
export const MAX_LEDGER_FACTS = 200;

export interface Reread {
  /** As the re-reading call wrote it. */
  path: string;
  atMessage: number;
}

export interface LedgerEntry {
  /** 0-based, in the order the compactions happened. */
  index: number;
  atMessage: number;
  trigger: CompactionTrigger | null;
  /** What in the file marked it (`compact_boundary`, `compacted`, `compaction`, …). */
  source: string;
  /** As the file records it, or null. */
  tokensBefore: number | null;
  /** As the file records it, else the recorded size of the first call after, else null. */
  tokensAfter: number | null;
  durationMs: number | null;
  /** Whether the file wrote the duration or we took it from the entries' times; null without one. */
  durationSource: DurationSource | null;
  /** Our count of the summary the compaction wrote (0 when it wrote none). */
  summaryTokens: number;
  /** The messages it replaced: how many, their first and last index, and our count of them. */
  summarized: { messages: number; from: number | null; to: number | null; tokens: number };
  /** Index of the summary it wrote, or null. */
  summaryAt: number | null;
  summary: string;
  facts: Record<LedgerKind, FactSurvival>;
  rereads: Reread[];
  /** Cache writes recorded by the first call after the compaction that records its usage, or null. */
  cacheWriteAfter: number | null;
  /** Model calls after it and before the next compaction (or the end). */
  callsUntilNext: number;
  cost: CompactionCost;
  /** What the agent paid after it to get back to work (`bill.ts`). */
  bill: CompactionBill;
}

export interface Ledger {
  compactions: LedgerEntry[];
  survival: Survival;
  loops: CompactionLoop[];
  /** The compactions' bills added up. */
  bill: BillTotal;
}

export interface LedgerOptions {
  /**
   * The session model's prices, for every call that names no model of its
   * own; without them (and without `priceOf`) every amount in dollars is null.
   */
  price?: LedgerPrice | null;
  /** A model's prices, for the calls that name the model that answered them; null when it has none. */
  priceOf?: (model: string) => LedgerPrice | null;
  /** The same session's parts and facts, when the caller shares them with the strategies' comparison. */
  found?: CompactionParts;
  /**
   * Our token count of one message, for the bill's re-gathered results;
   * `counts` when absent. The archive counts only those few messages.
   */
  tokensOf?: (index: number) => number;
}

/** The prices of one call: its own model's when it names one, else the session's. */
function callPrice(call: SessionCall | undefined, options: LedgerOptions): LedgerPrice | null {
  const model = call?.recorded?.model;
  if (model !== undefined && options.priceOf) return options.priceOf(model);
  return options.price ?? null;
}

/**
 * The call whose model wrote the summary: the newest call before the
 * compaction that names its model (the agent summarizes with the model in
 * use), else the first after it that does.
 */
function modelInUse(calls: readonly SessionCall[], at: number): SessionCall | undefined {
  let found: SessionCall | undefined;
  for (const call of calls) {
    if (call.recorded?.model === undefined) continue;
    if (call.atMessage < at) found = call;
    else return found ?? call;
  }
  return found;
}

/** Whether the newest recorded call before message `at` read or wrote a cache. */
function cachedBefore(calls: readonly SessionCall[], at: number): boolean {
  let last: SessionCall | undefined;
  for (const call of calls) {
    if (call.atMessage >= at) break;
    if (call.recorded) last = call;
  }
  const r = last?.recorded;
  return !!r && (r.cacheReadTokens ?? 0) + (r.cacheWriteTokens ?? 0) > 0;
}

/** A sorted list of indices as half-open runs, the shape the fact extraction reads. */
function runsOf(sorted: readonly number[]): IndexRange[] {
  const out: IndexRange[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && last.to === i) last.to = i + 1;
    else out.push({ from: i, to: i + 1 });
  }
  return out;
}

function sumOf(counts: ArrayLike<number>, indices: Iterable<number>): number {
  let total = 0;
  for (const i of indices) total += counts[i] ?? 0;
  return total;
}

/**
 * The parts around one compaction: the context before it (as the previous
 * compaction left it), what the agent kept verbatim, what the compaction
 * wrote (its summary, and what it carried, as Codex carries the user's
 * prompts), and what it replaced.
 */
export interface Parts {
  before: number[];
  kept: number[];
  written: number[];
  summarized: number[];
  summaryAt: number | null;
}

export function partsOf(history: SessionHistory, c: RecordedCompaction): Parts {
  const before = recordedContext(history, c.atMessage);
  const kept = c.contextAfter.filter((i) => i < c.atMessage);
  const written = c.contextAfter.filter((i) => i >= c.atMessage);
  const stays = new Set(kept);
  const summarized = before.filter((i) => !stays.has(i));
  const summaryAt = written.find((i) => isSummaryMessage(history.messages[i])) ?? null;
  return { before, kept, written, summarized, summaryAt };
}

function split<T extends { text: string; index: number }>(
  found: readonly T[],
  kept: (item: T) => boolean,
): FactSurvival {
  const out: FactSurvival = { kept: [], lost: [] };
  for (const item of found)
    (kept(item) ? out.kept : out.lost).push({ text: item.text, atMessage: item.index });
  return out;
}

/**
 * The facts of the summarized part, each kept or lost in `written`: what
 * the compaction wrote, or what another compaction of the same context left.
 */
export function factsOf(
  messages: readonly Message[],
  parts: Parts,
  written: SummaryIndex,
): Record<LedgerKind, FactSurvival> {
  return judgeFacts(summarizedFacts(messages, parts), written);
}

/**
 * The facts of the part a compaction summarized, before any judging: found
 * once, they can be judged against the agent's summary and against every
 * strategy's context at the same moment.
 */
export interface SummarizedFacts {
  paths: readonly Fact[];
  commands: readonly Fact[];
  errors: readonly Fact[];
  instructions: readonly Fact[];
  numbers: readonly StatedNumber[];
  todos: readonly Fact[];
}

export function summarizedFacts(messages: readonly Message[], parts: Parts): SummarizedFacts {
  const mined = mineFacts(messages, runsOf(parts.summarized), MAX_LEDGER_FACTS);
  const instructions = mined.firstTask ? [mined.firstTask, ...mined.constraints] : mined.constraints;
  return {
    paths: mined.artifacts,
    commands: mined.commands,
    errors: mined.errors,
    instructions: instructions.slice(0, MAX_LEDGER_FACTS),
    numbers: mined.numbers,
    todos: mined.todos,
  };
}

/** Each fact kept or lost in `written`. */
export function judgeFacts(facts: SummarizedFacts, written: SummaryIndex): Record<LedgerKind, FactSurvival> {
  const is = (fact: Fact) => factKept(fact, written);
  return {
    paths: split(facts.paths, is),
    commands: split(facts.commands, is),
    errors: split(facts.errors, is),
    instructions: split(facts.instructions, is),
    numbers: split(facts.numbers, (n: StatedNumber) => numberKept(n.text, written)),
    todos: split(facts.todos, is),
  };
}

/**
 * The parts around each compaction of one session and the facts of what it
 * summarized, each found once when first asked for: the ledger and the
 * strategies' comparison read the same ones.
 */
export interface CompactionParts {
  parts(index: number): Parts;
  facts(index: number): SummarizedFacts;
}

export function compactionParts(history: SessionHistory): CompactionParts {
  const parts = new Map<number, Parts>();
  const facts = new Map<number, SummarizedFacts>();
  const partsAt = (index: number) => {
    let found = parts.get(index);
    if (!found) {
      const c = history.compactions[index];
      if (!c) throw new RangeError(`no compaction ${index} in a history of ${history.compactions.length}`);
      parts.set(index, (found = partsOf(history, c)));
    }
    return found;
  };
  return {
    parts: partsAt,
    facts(index) {
      let found = facts.get(index);
      if (!found) facts.set(index, (found = summarizedFacts(history.messages, partsAt(index))));
      return found;
    },
  };
}

/**
 * The facts of what compaction `index` of `history` summarized, each kept
 * or lost in what it wrote: the ledger's `facts` for that one compaction,
 * without the rest of the ledger (the status line counts what the newest
 * compaction lost, at every change of a session).
 */
export function compactionFacts(history: SessionHistory, index: number): Record<LedgerKind, FactSurvival> {
  const c = history.compactions[index];
  if (!c) throw new RangeError(`no compaction ${index} in a history of ${history.compactions.length}`);
  return factsOfParts(history.messages, partsOf(history, c));
}

function factsOfParts(
  messages: readonly Message[],
  parts: Parts,
  facts: SummarizedFacts = summarizedFacts(messages, parts),
): Record<LedgerKind, FactSurvival> {
  const writtenText = parts.written.map((i) => messages[i]!.content).join('\n\n');
  return judgeFacts(facts, indexSummary(writtenText));
}

/**
 * Reads between `from` and `to` of a file the summarized part read or
 * wrote and the kept part did not: what the agent had to fetch again.
 */
function rereadsOf(messages: readonly Message[], parts: Parts, from: number, to: number): Reread[] {
  const gone = touchesOf(messages, parts.summarized).map((t) => t.path);
  const stayed = touchesOf(messages, parts.kept).map((t) => t.path);
  const lostFile = (path: string) =>
    gone.some((g) => sameFile(g, path)) && !stayed.some((s) => sameFile(s, path));
  const window: number[] = [];
  for (let i = from; i < to; i++) window.push(i);
  return touchesOf(messages, window)
    .filter((t) => t.access === 'read' && lostFile(t.path))
    .map((t) => ({ path: t.path, atMessage: t.atMessage }));
}

/**
 * The calls strictly between two message indices. `sessionCalls` gives the
 * calls in the order of their messages, so the first is found by halving,
 * not by looking at every call once per compaction.
 */
function callsBetween(calls: readonly SessionCall[], from: number, to: number): SessionCall[] {
  let low = 0;
  let high = calls.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (calls[mid]!.atMessage > from) high = mid;
    else low = mid + 1;
  }
  let end = low;
  while (end < calls.length && calls[end]!.atMessage < to) end++;
  return calls.slice(low, end);
}

/** A placeholder until the session's bills are made, all at once, after the entries. */
const NO_BILL: CompactionBill = {
  actionsToFirstEdit: null,
  actionsAfter: 0,
  paceBefore: null,
  freshStart: null,
  filesReRead: 0,
  commandsReRun: 0,
  verificationsReRun: 0,
  regatherTokens: 0,
  regatherCost: null,
  factsLost: 0,
};

/**
 * The ledger of every compaction in `history`. `counts` are our token
 * counts of its messages (the session's shape), used wherever the file
 * records no size.
 */
export function compactionLedger(
  history: SessionHistory,
  counts: ArrayLike<number>,
  options: LedgerOptions = {},
): Ledger {
  const { messages, compactions } = history;
  const calls = sessionCalls(history);
  const found = options.found ?? compactionParts(history);
  const entries: LedgerEntry[] = [];
  const partsList: Parts[] = [];
  compactions.forEach((c, index) => {
    const nextAt = compactions[index + 1]?.atMessage ?? messages.length;
    const parts = found.parts(index);
    partsList.push(parts);
    const after = callsBetween(calls, c.atMessage, nextAt);
    const firstCall = after.find((call) => call.recorded);
    const firstRecorded = firstCall?.recorded ?? null;
    const summaryTokens = parts.summaryAt === null ? 0 : (counts[parts.summaryAt] ?? 0);
    const tokensAfter = c.tokensAfter ?? firstRecorded?.contextTokens ?? null;
    const cacheWriteAfter = firstRecorded?.cacheWriteTokens ?? null;
    entries.push({
      bill: NO_BILL,
      index,
      atMessage: c.atMessage,
      trigger: c.trigger,
      source: c.source,
      tokensBefore: c.tokensBefore,
      tokensAfter,
      durationMs: c.durationMs ?? null,
      durationSource: c.durationMs == null ? null : (c.durationSource ?? 'recorded'),
      summaryTokens,
      summarized: {
        messages: parts.summarized.length,
        from: parts.summarized[0] ?? null,
        to: parts.summarized[parts.summarized.length - 1] ?? null,
        tokens: sumOf(counts, parts.summarized),
      },
      summaryAt: parts.summaryAt,
      summary: parts.summaryAt === null ? '' : messages[parts.summaryAt]!.content,
      facts: factsOfParts(messages, parts, found.facts(index)),
      rereads: rereadsOf(messages, parts, c.atMessage + 1, nextAt),
      cacheWriteAfter,
      callsUntilNext: after.length,
      cost: compactionCost({
        // The size after as the entry shows it: the boundary's, else the first call after it's own record.
        recorded: { before: c.tokensBefore, after: tokensAfter },
        estimated: { before: sumOf(counts, parts.before), after: sumOf(counts, c.contextAfter) },
        summaryTokens,
        cacheWriteAfter,
        calls: after.length,
        cachedCalls: after.some((call) => (call.recorded?.cacheReadTokens ?? 0) > 0),
        summaryCached: cachedBefore(calls, c.atMessage),
        price: callPrice(modelInUse(calls, c.atMessage), options),
        callPrices: after.map((call) => callPrice(call, options)),
        cacheWritePrice: firstCall ? callPrice(firstCall, options) : null,
      }),
    });
  });
  const bills = compactionBills({
    messages,
    compactionsAt: compactions.map((c) => c.atMessage),
    factsLost: entries.map((e) => factLoss(e.facts).lost),
    tokensOf: options.tokensOf ?? ((i) => counts[i] ?? 0),
    price: options.price ?? null,
  });
  entries.forEach((e, k) => (e.bill = bills[k]!));
  return {
    compactions: entries,
    bill: billTotal(bills),
    survival: survivalOf(entries),
    loops: findLoops(entries, (k) => sumOf(counts, againIn(partsList[k - 1]!, partsList[k]!))),
  };
}

/** What compaction `later` summarized of what `earlier` wrote: the summary summarized again. */
function againIn(earlier: Parts, later: Parts): number[] {
  const wrote = new Set(earlier.written);
  return later.summarized.filter((i) => wrote.has(i));
}
