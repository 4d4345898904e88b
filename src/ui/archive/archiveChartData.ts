/** What the archive's charts draw, from the rows shown: the days, the undated sessions, the survival bins, the axes. */
import type { SessionRow } from '../../archive/row';

interface Day {
  day: string;
  compactions: number;
  cost: number;
  /** Cost of every session up to this day. */
  cumulative: number;
}

/** One point per day that has a session, in order. */
export function perDay(rows: readonly SessionRow[]): Day[] {
  const days = new Map<string, { compactions: number; cost: number }>();
  for (const r of rows) {
    const day = r.firstTime?.slice(0, 10);
    if (!day) continue;
    const d = days.get(day) ?? { compactions: 0, cost: 0 };
    d.compactions += r.compactions;
    d.cost += r.costUsd ?? 0;
    days.set(day, d);
  }
  let cumulative = 0;
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, d]) => ({ day, ...d, cumulative: (cumulative += d.cost) }));
}

/** The sessions that name no time: the charts by day cannot place them, and say what they leave out. */
export function undated(rows: readonly SessionRow[]): {
  sessions: number;
  compactions: number;
  cost: number;
} {
  const out = { sessions: 0, compactions: 0, cost: 0 };
  for (const r of rows)
    if (!r.firstTime) {
      out.sessions++;
      out.compactions += r.compactions;
      out.cost += r.costUsd ?? 0;
    }
  return out;
}

/** The share bins, lowest first: a share falls in the bin whose `from` it reaches; 100% has its own. */
export const SURVIVAL_BINS = [
  { label: '0–20%', from: 0 },
  { label: '20–40%', from: 0.2 },
  { label: '40–60%', from: 0.4 },
  { label: '60–80%', from: 0.6 },
  { label: '80–99%', from: 0.8 },
  { label: '100%', from: 1 },
] as const;

export interface SurvivalBin {
  label: string;
  /** Sessions whose compactions kept this share of the paths (commands, instructions) they summarized. */
  paths: number;
  commands: number;
  instructions: number;
}

export interface SurvivalDistribution {
  bins: SurvivalBin[];
  /** Sessions with a recorded compaction: the only ones counted. */
  compacted: number;
  /** Sessions without one, left out. */
  uncompacted: number;
}

function binOf(share: number): number {
  let i = 0;
  while (i + 1 < SURVIVAL_BINS.length && share >= SURVIVAL_BINS[i + 1]!.from) i++;
  return i;
}

/**
 * How many sessions kept what share of each kind of fact over all their
 * compactions. A session without compactions (or without a fact of a kind)
 * is not counted for it: it had nothing to keep.
 */
export function survivalDistribution(rows: readonly SessionRow[]): SurvivalDistribution {
  const bins = SURVIVAL_BINS.map((b) => ({ label: b.label, paths: 0, commands: 0, instructions: 0 }));
  let compacted = 0;
  let uncompacted = 0;
  for (const r of rows) {
    if (r.error) continue;
    if (r.compactions === 0) {
      uncompacted++;
      continue;
    }
    compacted++;
    if (r.pathSurvival !== null) bins[binOf(r.pathSurvival)]!.paths++;
    if (r.commandSurvival !== null) bins[binOf(r.commandSurvival)]!.commands++;
    if (r.instructionSurvival !== null) bins[binOf(r.instructionSurvival)]!.instructions++;
  }
  return { bins, compacted, uncompacted };
}

/** Day labels on an axis at most: the axis shows every `tickInterval(n) + 1`-th day. */
const DAY_LABELS = 5;

/** Days skipped between two labels so that `count` days show at most `labels` labels. */
export function tickInterval(count: number, labels = DAY_LABELS): number {
  return Math.max(0, Math.ceil(count / labels) - 1);
}

/**
 * A round top for an axis from 0 to `max`, and its step: 1, 2 or 5 times a
 * power of ten. An axis of counts (`whole`) steps by whole numbers: there is
 * no half a compaction.
 */
export function axisTop(max: number, steps = 4, whole = false): { top: number; step: number } {
  if (!(max > 0)) return whole ? { top: 1, step: 1 } : { top: 1, step: 0.25 };
  const raw = max / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const round = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw)!;
  const step = whole ? Math.max(1, round) : round;
  return { top: step * Math.ceil(max / step - 1e-9), step };
}
