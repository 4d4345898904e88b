/**
 * Where to divide a conversation into "summarize this" and "keep this
 * verbatim", by three rules that agents actually use.
 *
 * A transcript is indexed once (suffix sums, next legal cut, previous user
 * message), after which each strategy answers in O(log n): dragging a budget
 * over 50,000 messages must not walk them.
 */
import { onFrozenList } from './frozenMemo';
import type { Message, Role } from './message';
import { unsentTokens, type Estimator } from './estimate';
import type { CutStrategy } from './settings';

export interface CutPoint {
  /** The first message kept verbatim. */
  firstKeptIdx: number;
  /** The user message that opened the turn the cut divides, or −1. */
  turnStartIdx: number;
  /** The cut divides a turn, so the part before it needs its own summary. */
  isSplitTurn: boolean;
}

export interface CutIndex {
  readonly length: number;
  readonly roles: readonly Role[];
  /** `suffix[i]` = tokens of messages i..end (per-message counts, no list tail). */
  readonly suffix: Float64Array;
  /** Smallest legal cut position ≥ i, or `length` when there is none. */
  readonly nextLegal: Int32Array;
  /** Largest legal cut position ≤ i, or −1. */
  readonly prevLegal: Int32Array;
  /** Largest user message index ≤ i, or −1. */
  readonly prevUser: Int32Array;
  /** Indices of user messages, ascending. */
  readonly users: Int32Array;
  /** `systemTokens[i]` = tokens of the system messages before i, which a compaction keeps. */
  readonly systemTokens: Float64Array;
  /** The messages with the entries pi weighs but never sends between them, for the `pi` strategy. */
  readonly withUnsent?: UnsentSequence;
}

/** An entry weighed but never sent (`Message.unsentAfter`), placed after message `after` (−1: before the first). */
export interface UnsentWeight {
  after: number;
  tokens: number;
  /** A `!!` command, which starts a turn in pi; otherwise a failed reply. */
  command: boolean;
}

/**
 * The messages and the unsent entries in one sequence, indexed like the
 * messages: pi weighs both and may cut at either. `position[i]` is where
 * message i sits in it; `messageFrom[p]` is the first message at or after
 * position p (the message count past the end).
 */
export interface UnsentSequence {
  index: CutIndex;
  position: Int32Array;
  messageFrom: Int32Array;
}

/** The unsent entries of `messages`, in order, weighed by `estimator`. */
export function unsentWeights(messages: readonly Message[], estimator: Estimator): UnsentWeight[] {
  const out: UnsentWeight[] = [];
  messages.forEach((m, i) => {
    for (const entry of m.unsentBefore ?? [])
      out.push({ after: i - 1, tokens: unsentTokens(entry, estimator), command: entry.kind === 'command' });
    for (const entry of m.unsentAfter ?? [])
      out.push({ after: i, tokens: unsentTokens(entry, estimator), command: entry.kind === 'command' });
  });
  return out;
}

/**
 * Builds the index from roles and per-message counts (aligned arrays). A cut
 * may go before any message that is not a tool result: cutting before a
 * result would separate it from the call that produced it.
 */
export function buildCutIndex(
  roles: readonly Role[],
  counts: ArrayLike<number>,
  unsent: readonly UnsentWeight[] = [],
): CutIndex {
  const index = messageIndex(roles, counts);
  return unsent.length ? { ...index, withUnsent: unsentSequence(roles, counts, unsent) } : index;
}

/**
 * A failed reply weighs as an assistant message and a `!!` command as a
 * user message: that is where pi may cut and where its turns start.
 */
function unsentSequence(
  roles: readonly Role[],
  counts: ArrayLike<number>,
  unsent: readonly UnsentWeight[],
): UnsentSequence {
  const n = roles.length;
  const seqRoles: Role[] = [];
  const seqCounts: number[] = [];
  const messageFrom: number[] = [];
  const position = new Int32Array(n);
  let k = 0;
  const addUnsentUpTo = (i: number) => {
    for (; k < unsent.length && unsent[k].after <= i; k++) {
      seqRoles.push(unsent[k].command ? 'user' : 'assistant');
      seqCounts.push(unsent[k].tokens);
      messageFrom.push(i + 1);
    }
  };
  addUnsentUpTo(-1);
  for (let i = 0; i < n; i++) {
    position[i] = seqRoles.length;
    seqRoles.push(roles[i]);
    seqCounts.push(counts[i]);
    messageFrom.push(i);
    addUnsentUpTo(i);
  }
  messageFrom.push(n);
  return {
    index: messageIndex(seqRoles, seqCounts),
    position,
    messageFrom: Int32Array.from(messageFrom),
  };
}

function messageIndex(roles: readonly Role[], counts: ArrayLike<number>): CutIndex {
  const n = roles.length;
  const suffix = new Float64Array(n + 1);
  for (let i = n - 1; i >= 0; i--) suffix[i] = suffix[i + 1] + counts[i];
  const nextLegal = new Int32Array(n + 1);
  nextLegal[n] = n;
  for (let i = n - 1; i >= 0; i--) nextLegal[i] = roles[i] !== 'tool' ? i : nextLegal[i + 1];
  const prevLegal = new Int32Array(n);
  const prevUser = new Int32Array(n);
  const systemTokens = new Float64Array(n + 1);
  const users: number[] = [];
  let legal = -1;
  let user = -1;
  for (let i = 0; i < n; i++) {
    if (roles[i] !== 'tool') legal = i;
    if (roles[i] === 'user') {
      user = i;
      users.push(i);
    }
    prevLegal[i] = legal;
    prevUser[i] = user;
    systemTokens[i + 1] = systemTokens[i] + (roles[i] === 'system' ? counts[i] : 0);
  }
  return {
    length: n,
    roles,
    suffix,
    nextLegal,
    prevLegal,
    prevUser,
    users: Int32Array.from(users),
    systemTokens,
  };
}

/** Builds the index straight from messages (once for a frozen list). */
export function indexMessages(messages: readonly Message[], estimator: Estimator): CutIndex {
  return onFrozenList(messages, 'cut-index', estimator, () =>
    buildCutIndex(
      messages.map((m) => m.role),
      messages.map((m) => estimator.countMessage(m)),
      unsentWeights(messages, estimator),
    ),
  );
}

/** First i in [lo, hi) where `pred` holds, for a predicate that flips false → true once. */
function firstTrue(lo: number, hi: number, pred: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (pred(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

const nothing = (start: number): CutPoint => ({ firstKeptIdx: start, turnStartIdx: -1, isSplitTurn: false });

/**
 * A cut on a user message leaves whole turns on both sides. Any other cut
 * splits the turn opened by the nearest user message before it, unless that
 * turn began before `start`, in which case the part before the cut is plain
 * history.
 */
function withTurn(index: CutIndex, start: number, cut: number): CutPoint {
  if (cut >= index.length || index.roles[cut] === 'user') return nothing(cut);
  const turnStart = index.prevUser[cut];
  return turnStart >= start
    ? { firstKeptIdx: cut, turnStartIdx: turnStart, isSplitTurn: true }
    : nothing(cut);
}

/**
 * The budget is a ceiling, not a floor: the message whose count crosses it is
 * not kept. Keeping it would turn "keep 16k" into 25k whenever a single tool
 * result is large, and leave barely a round before the next compaction.
 * Nothing exempts the current turn: a turn too big for the budget is split.
 */
function budgetCut(index: CutIndex, start: number, keep: number): CutPoint {
  const n = index.length;
  if (index.nextLegal[start] >= n) return nothing(start);
  // The walk back from the newest message visits [fits, n) without crossing the budget.
  const fits = firstTrue(start, n, (i) => index.suffix[i] <= keep);
  const earliest = fits < n ? index.nextLegal[fits] : n;
  // Even the newest group may not fit; keep it anyway; trimming one oversized
  // message is not compaction's job.
  const cut = earliest < n ? earliest : index.prevLegal[n - 1];
  return withTurn(index, start, cut);
}

/**
 * pi's rule: the budget is a floor. The cut is the first legal position at or
 * after the message where the kept total reaches the budget, so a big tool
 * result at the crossing moves the cut forward and keeps less than the budget.
 * When only tool results follow the crossing (a session that ends on results
 * over the budget), pi keeps from the last legal position, the assistant
 * message that called them.
 */
function piCut(index: CutIndex, start: number, keep: number): CutPoint {
  const sequence = index.withUnsent;
  if (!sequence) return piCutOn(index, start, keep);
  return piCutWithUnsent(sequence, start, keep);
}

/**
 * pi weighs its failed replies and `!!` commands and may cut at them,
 * though it never sends them. The cut is made over the sequence that holds
 * them; the first message kept is the first one at or after it. A cut at a
 * failed reply splits the turn it ends, as pi splits it, even when the next
 * message opens a turn; a turn that pi starts at a `!!` command starts here
 * at the message after it, and has nothing before the cut when that message
 * is the first kept.
 */
function piCutWithUnsent(sequence: UnsentSequence, start: number, keep: number): CutPoint {
  const from = start > 0 ? sequence.position[start - 1] + 1 : 0;
  const cut = piCutOn(sequence.index, from, keep);
  const firstKeptIdx = sequence.messageFrom[cut.firstKeptIdx];
  const turnStartIdx = cut.isSplitTurn ? sequence.messageFrom[cut.turnStartIdx] : -1;
  return turnStartIdx >= 0 && turnStartIdx < firstKeptIdx
    ? { firstKeptIdx, turnStartIdx, isSplitTurn: true }
    : nothing(firstKeptIdx);
}

function piCutOn(index: CutIndex, start: number, keep: number): CutPoint {
  const n = index.length;
  const first = piLegalFrom(index, start);
  if (first >= n) return nothing(start);
  // Largest i whose suffix reaches the budget: the walk back stops there.
  const crossing = firstTrue(start, n, (i) => index.suffix[i] < keep) - 1;
  if (crossing < start) return withTurn(index, start, first);
  const cut = piLegalFrom(index, crossing);
  return withTurn(index, start, cut < n ? cut : piLegalUpTo(index, n - 1));
}

/**
 * pi cuts before a user or assistant message only: a system message (pi 1.x
 * keeps its prompt updates in the session) is weighed but never cut at.
 */
function piLegalFrom(index: CutIndex, i: number): number {
  let cut = index.nextLegal[i];
  while (cut < index.length && index.roles[cut] === 'system') cut = index.nextLegal[cut + 1];
  return cut;
}

function piLegalUpTo(index: CutIndex, i: number): number {
  let cut = index.prevLegal[i];
  while (cut > 0 && index.roles[cut] === 'system') cut = index.prevLegal[cut - 1];
  return cut;
}

/**
 * Whole turns only: the kept part always opens with a user message, so no
 * turn is ever split and no tool pair separated. Turns are added from the
 * newest back until the kept total reaches the budget; the newest turn is
 * always kept whole, however large.
 */
function turnsCut(index: CutIndex, start: number, keep: number): CutPoint {
  const { users, suffix } = index;
  const first = firstTrue(0, users.length, (k) => users[k] >= start);
  if (users.length - first < 2) return nothing(start);
  const reached = firstTrue(first, users.length, (k) => suffix[users[k]] < keep) - 1;
  if (reached < first) return nothing(start);
  return nothing(users[reached]);
}

/** Applies a strategy to an index; `start` is the first message compaction may touch. */
export function cutAt(
  index: CutIndex,
  start: number,
  keepRecentTokens: number,
  strategy: CutStrategy,
): CutPoint {
  const from = Math.max(0, Math.min(start, index.length));
  if (from >= index.length) return nothing(from);
  switch (strategy) {
    case 'budget':
      return budgetCut(index, from, keepRecentTokens);
    case 'pi':
      return piCut(index, from, keepRecentTokens);
    case 'turns':
      return turnsCut(index, from, keepRecentTokens);
  }
}

export function findCutPoint(
  messages: readonly Message[],
  start: number,
  keepRecentTokens: number,
  estimator: Estimator,
  strategy: CutStrategy = 'budget',
): CutPoint {
  return cutAt(indexMessages(messages, estimator), start, keepRecentTokens, strategy);
}

/**
 * The keep-recent budget that makes `budget` cut exactly at `firstKeptIdx`:
 * the tokens of the tail it starts. Used when the user drags the cut line.
 */
export function keepRecentForCut(index: CutIndex, firstKeptIdx: number): number {
  const i = Math.max(0, Math.min(firstKeptIdx, index.length));
  return index.suffix[i];
}
