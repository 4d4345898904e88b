/**
 * What a text box would not show of a text: invisible characters (a zero-width
 * split, a run of tag characters spelling a hidden instruction) and long runs
 * of blank lines that push the rest below the visible rows. A prompt from a
 * link is sent to a model as written, so the editor names both before anyone
 * runs it.
 */
import { appendAll } from '../../core/arrays';
import { revealInvisible } from './invisible';

/** Blank lines in a row from which a run is named, not drawn. */
export const BLANK_RUN_SHOWN = 5;

export interface HiddenText {
  /** Invisible characters, counted one by one (a run of 3 is 3). */
  invisible: number;
  /** Their names, each once, in order of first appearance: `ZWSP`, `TAG "hi"`. */
  names: string[];
  /** The longest run of blank (empty or whitespace-only) lines. */
  longestBlankRun: number;
}

export function hiddenText(text: string): HiddenText {
  const names: string[] = [];
  let invisible = 0;
  for (const segment of revealInvisible(text, Infinity)) {
    if (segment.kind !== 'invisible') continue;
    invisible += segment.name.startsWith('TAG') ? [...segment.raw].length : segment.count;
    if (!names.includes(segment.name)) names.push(segment.name);
  }
  let longestBlankRun = 0;
  let run = 0;
  for (const line of text.split('\n')) {
    run = line.trim() === '' ? run + 1 : 0;
    if (run > longestBlankRun) longestBlankRun = run;
  }
  return { invisible, names, longestBlankRun };
}

/** Whether the box hides anything worth naming. */
export function hidesAnything(hidden: HiddenText): boolean {
  return hidden.invisible > 0 || hidden.longestBlankRun >= BLANK_RUN_SHOWN;
}

/** The text with each run of `BLANK_RUN_SHOWN` or more blank lines written as one line that counts them. */
export function collapseBlankRuns(text: string): string {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= BLANK_RUN_SHOWN) out.push(`[${run.length.toLocaleString('en-US')} blank lines]`);
    else appendAll(out, run);
    run = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') run.push(line);
    else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out.join('\n');
}
