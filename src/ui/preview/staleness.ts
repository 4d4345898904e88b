/**
 * Whether a preview still matches the page. A result is the compaction of
 * one transcript under one set of settings by one summarizer; once any of
 * those changes, its numbers describe something that is no longer on the
 * page, and it must say so rather than sit beside the new analysis as if it
 * belonged to it.
 */
import { isCutStrategy, normalizeSettings, type Settings, type SettingsInput } from '../../core/settings';
import type { SummarizerChoice } from '../../worker/protocol';

/** What a preview is made from. */
export interface PreviewBasis {
  /** The loaded transcript's identity: every load is a new one, a recount is not. */
  transcript: unknown;
  /** The call whose context the page shows (picked on the timeline), or null for the whole transcript. */
  context: number | null;
  settings: Settings;
  summarizer: SummarizerChoice;
  instructions: string;
  /** The prompts sent, as comparable text. */
  prompts: string;
}

export type StaleReason = 'transcript' | 'context' | 'settings' | 'summarizer' | 'prompt';

export const STALE_TEXT: Record<StaleReason, string> = {
  transcript: 'transcript changed since this run',
  context: 'another call’s context is shown since this run',
  settings: 'settings changed since this run',
  summarizer: 'summarizer changed since this run',
  prompt: 'prompt changed since this run',
};

/**
 * The settings a compaction result depends on. The trigger switch does not
 * (a preview is a manual compaction), nor does the stall timeout, which only
 * decides how long a silent stream is waited for.
 */
const RESULT_SETTINGS = [
  'maxContextTokens',
  'reserveTokens',
  'keepRecentTokens',
  'maxSummaryTokens',
  'strategy',
  'tokenizer',
  'scale',
] as const satisfies readonly (keyof Settings)[];

/** The chosen preset's own parameters, comparable as text; the others' do not change its result. */
function presetParams(settings: Settings): string {
  const strategy = settings.strategy;
  return isCutStrategy(strategy) ? '' : JSON.stringify(settings.harness[strategy]);
}

/** The same summarizer writes the same summary; the key only opens the door. */
function sameSummarizer(a: SummarizerChoice, b: SummarizerChoice): boolean {
  if (a.mode === 'offline' || b.mode === 'offline') return a.mode === b.mode;
  return (
    a.config.kind === b.config.kind &&
    a.config.preset === b.config.preset &&
    a.config.baseUrl === b.config.baseUrl &&
    a.config.model === b.config.model
  );
}

/** Why a preview made from `ran` no longer matches `now`, the transcript first; null while it does. */
export function staleReason(ran: PreviewBasis, now: PreviewBasis): StaleReason | null {
  if (ran.transcript !== now.transcript) return 'transcript';
  if (ran.context !== now.context) return 'context';
  if (RESULT_SETTINGS.some((field) => ran.settings[field] !== now.settings[field])) return 'settings';
  if (presetParams(ran.settings) !== presetParams(now.settings)) return 'settings';
  if (!sameSummarizer(ran.summarizer, now.summarizer) || ran.instructions !== now.instructions) {
    return 'summarizer';
  }
  if (ran.prompts !== now.prompts) return 'prompt';
  return null;
}

/** What a shared link fixed of the preview it brought: the sender's settings, and the transcript it carried if any. */
export interface SharedPreviewBasis {
  settings: SettingsInput;
  transcript: unknown;
}

/**
 * Why the preview a link brought no longer matches the page; null while it
 * does, or when the link said nothing of what it was made from. Only what the
 * link fixed is compared: its settings, and the transcript it carried (a link
 * without one was made for whatever the reader loads). The summarizer and
 * prompts are the reader's own, so they never make it stale.
 */
export function sharedPreviewStale(
  madeFor: SharedPreviewBasis | null,
  now: PreviewBasis,
): StaleReason | null {
  if (!madeFor) return null;
  return staleReason(
    {
      ...now,
      settings: normalizeSettings(madeFor.settings),
      transcript: madeFor.transcript ?? now.transcript,
      context: null,
    },
    now,
  );
}
