/**
 * The tools every clearing rule is built with: a plan collected message by
 * message, and the walks the rules share (tool results after the start,
 * their output, the newest user turns).
 */
import type { ClearView, ClearingPlan, Clearing, MessageEdit } from './preset';

/**
 * Collects edits and the tokens each edited message is left with. Arrays
 * indexed by message, not maps: a masking of 25,000 old results has to fit
 * in a few milliseconds.
 */
export class PlanBuilder {
  private readonly after: Float64Array;
  private readonly edits: (MessageEdit | undefined)[];
  private readonly touched: number[] = [];

  constructor(private readonly counts: ArrayLike<number>) {
    this.after = new Float64Array(counts.length);
    this.edits = new Array(counts.length);
  }

  tokens(index: number): number {
    return this.edits[index] ? this.after[index] : this.counts[index];
  }

  /**
   * A placeholder replaces the output whatever its size, as the agents do: a
   * result shorter than the placeholder grows.
   */
  set(index: number, tokensAfter: number, edit: MessageEdit): void {
    const previous = this.edits[index];
    if (!previous) this.touched.push(index);
    this.after[index] = tokensAfter;
    this.edits[index] = previous ? { ...previous, ...edit } : edit;
  }

  lower(index: number, by: number, edit: MessageEdit): void {
    this.set(index, this.tokens(index) - by, edit);
  }

  get freed(): number {
    let freed = 0;
    for (const index of this.touched) freed += this.counts[index] - this.after[index];
    return freed;
  }

  plan(): ClearingPlan {
    const order = Int32Array.from(this.touched).sort();
    const cleared: Clearing[] = new Array(order.length);
    const edits: MessageEdit[] = new Array(order.length);
    for (let k = 0; k < order.length; k++) {
      const index = order[k];
      cleared[k] = { index, tokensBefore: this.counts[index], tokensAfter: this.after[index] };
      edits[k] = this.edits[index]!;
    }
    return { cleared, edits, freed: this.freed };
  }
}

/** Tool results after the start, oldest first. */
export function toolResults(view: ClearView): number[] {
  const out: number[] = [];
  for (let i = view.start; i < view.roles.length; i++) if (view.roles[i] === 'tool') out.push(i);
  return out;
}

/** The output of a tool result: its count less what stays around a placeholder. */
export function outputTokens(view: ClearView, i: number): number {
  return view.counts[i] - view.tools.bare[i];
}

/** The index of the `turns`-th newest real user message at or after the start; `start` when there are fewer. */
export function newestTurnsFrom(view: ClearView, turns: number): number {
  if (turns <= 0) return view.roles.length;
  let seen = 0;
  for (let i = view.roles.length - 1; i >= view.start; i--) {
    if (view.roles[i] === 'user' && !view.isSummary[i] && ++seen === turns) return i;
  }
  return view.start;
}
