/**
 * Shows a summary on a terminal while the model writes it. What streams is
 * each part's raw text; the compactor then assembles the stored summary
 * (trimmed parts, the split-turn separator, the file lists), so at the end
 * only what did not stream is added: the file lists, or the whole summary
 * when it is not what streamed (a raw archive after a failure).
 */
import { type CompactionEvent, NO_PRIOR_HISTORY, SPLIT_TURN_SEPARATOR, type SummaryPart } from '../core';

const PART_NAMES: Record<SummaryPart, string> = { history: 'history', 'turn-prefix': 'turn prefix' };

/**
 * Where the display stands: nothing written yet, or how the last text ended.
 * Only that is kept of what was written, so a long stream holds its parts
 * once, not a second copy of everything shown.
 */
type Ending = 'nothing' | 'text' | 'line' | 'blank-line';

function endingOf(text: string, before: Ending): Ending {
  if (text.endsWith('\n\n')) return 'blank-line';
  if (text === '\n') return before === 'line' || before === 'blank-line' ? 'blank-line' : 'line';
  return text.endsWith('\n') ? 'line' : 'text';
}

export class SummaryStream {
  /** The text of each part's latest attempt, in the pieces it streamed in. */
  private readonly parts = new Map<SummaryPart, string[]>();
  private ending: Ending = 'nothing';
  private readonly write: (text: string) => void;
  private readonly note: (text: string) => void;

  constructor(write: (text: string) => void, note: (text: string) => void) {
    this.write = write;
    this.note = note;
  }

  private emit(text: string) {
    if (!text) return;
    this.write(text);
    this.ending = endingOf(text, this.ending);
  }

  /** Ends the current line, so what follows (an error, a note) starts on its own. */
  breakLine() {
    if (this.ending === 'text') this.emit('\n');
  }

  private partText(part: SummaryPart): string | undefined {
    return this.parts.get(part)?.join('');
  }

  readonly onEvent = (event: CompactionEvent) => {
    switch (event.type) {
      case 'request':
        this.parts.set(event.part, []);
        if (event.part === 'turn-prefix' && event.attempt === 1) {
          // With no history part the compactor leads with a fixed line; a previous summary differs, and `finish` shows it.
          this.emit(
            this.parts.has('history') ? SPLIT_TURN_SEPARATOR : NO_PRIOR_HISTORY + SPLIT_TURN_SEPARATOR,
          );
        }
        break;
      case 'chunk':
        if (event.chunk.type === 'text') {
          this.parts.get(event.part)?.push(event.chunk.text);
          this.emit(event.chunk.text);
        }
        break;
      case 'attempt-failed':
        this.breakLine();
        this.note(
          `(attempt ${event.attempt} at the ${PART_NAMES[event.part]} summary failed: ${event.error})`,
        );
        break;
      case 'fallback':
        this.breakLine();
        this.note(
          `(the ${PART_NAMES[event.part]} summary failed; a raw archive of its messages takes its place)`,
        );
        break;
    }
  };

  /** Completes the display so that, read top to bottom, it is the stored summary. */
  finish(summary: string, degraded: boolean): void {
    const history = this.partText('history')?.trim();
    const prefix = this.partText('turn-prefix')?.trim();
    const body =
      prefix === undefined ? history : (history || NO_PRIOR_HISTORY) + SPLIT_TURN_SEPARATOR + prefix;
    if (!degraded && body !== undefined && summary.startsWith(body)) {
      const tail = summary.slice(body.length).replace(/^\n+/, '');
      if (tail) {
        this.emit(this.ending === 'blank-line' ? '' : this.ending === 'line' ? '\n' : '\n\n');
        this.emit(tail);
      }
      this.breakLine();
      return;
    }
    this.breakLine();
    if (this.ending !== 'nothing') this.emit('\nThe stored summary:\n\n');
    this.emit(summary);
    this.breakLine();
  }
}
