/**
 * What the presets' configuration writers share: the text helpers, the note
 * for a missing window, and the writer of agents that take a percent of the
 * window. Each writer lives in its preset's module; `agentConfig.ts` runs them.
 */
import { formatCount } from '../numbers';
import { shareOf, type PresetConfig, type Tuned } from './preset';

export const n = formatCount;

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** `part / whole` as a fraction rounded down to two places, so the agent never fires later than tuned. */
export function fractionBelow(part: number, whole: number): number {
  return Math.floor((part * 100) / whole + 1e-9) / 100;
}

/** `part / whole` as a whole percent, rounded down. */
export function percentBelow(part: number, whole: number): number {
  return Math.floor((part * 100) / whole + 1e-9);
}

export const NO_WINDOW_NOTE =
  'no window is set (0): compaction is off in the playground, so nothing is written';

/** The writer of an agent whose setting is a whole percent of the model's window (Roo Code, Kilo Code). */
export function percentConfig<P>(
  agent: string,
  file: string,
  write: (percent: number, t: Tuned) => Record<string, unknown>,
  kept: string,
): PresetConfig<P> {
  return {
    file,
    format: 'json',
    write(t) {
      if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      const percent = Math.max(percentBelow(t.threshold, t.window), 1);
      const point = shareOf(t.window, percent / 100);
      const notes = [
        `${agent} measures a percent of the model's own window; these numbers assume a window of ${n(t.window)}`,
      ];
      if (point !== t.threshold)
        notes.push(
          `${percent}% fires at ${n(point)}, the closest whole percent at or below the tuned ${n(t.threshold)}`,
        );
      notes.push(kept);
      return { text: json(write(percent, t)), notes };
    },
  };
}
