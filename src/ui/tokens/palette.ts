/**
 * The strip's colours, read from the theme's CSS variables (styles.css) at
 * draw time: a canvas cannot use `var(--…)`, and reading them each frame is
 * what lets a light/dark switch repaint without the strip knowing themes.
 */
import { KIND_ASSISTANT, KIND_COUNT, KIND_SUMMARY, KIND_SYSTEM, KIND_TOOL, KIND_USER } from './bins';
import type { Fate } from '../../core/fates';

export interface Palette {
  /** Indexed by the bar kinds of bins.ts. */
  kinds: string[];
  fates: Partial<Record<Fate, string>>;
  omitted: string;
  turnMark: string;
  fg: string;
}

const KIND_VARS: Record<number, string> = {
  [KIND_SYSTEM]: '--role-system',
  [KIND_USER]: '--role-user',
  [KIND_ASSISTANT]: '--role-assistant',
  [KIND_TOOL]: '--role-tool',
  [KIND_SUMMARY]: '--role-summary',
};

export function readPalette(el: Element): Palette {
  const style = getComputedStyle(el);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const kinds: string[] = [];
  for (let k = 0; k < KIND_COUNT; k++) kinds.push(read(KIND_VARS[k], '#888'));
  return {
    kinds,
    // The system prompt and earlier summaries get no band: they are neither kept nor summarized by this cut.
    fates: {
      kept: read('--fate-kept', 'transparent'),
      // A cleared message is still kept, in its place: the same band.
      cleared: read('--fate-kept', 'transparent'),
      summarized: read('--fate-summarized', 'transparent'),
      'turn-prefix': read('--fate-turn-prefix', 'transparent'),
    },
    omitted: read('--fate-omitted', 'transparent'),
    turnMark: read('--turn-mark', 'rgba(128,128,128,0.3)'),
    fg: read('--fg', '#000'),
  };
}
