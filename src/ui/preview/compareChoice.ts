/** What "Side by side" derives: how a summarizer is named, B's summarizer, the providers B may use, a failure's words. */
import type { PresetId } from '../../providers/config';
import type { ProviderPreset } from '../../providers/presets';
import type { SummarizerChoice, WorkerFailure } from '../../worker/protocol';

type ProviderChoice = Extract<SummarizerChoice, { mode: 'provider' }>;

/** The key this device holds for a preset at an address, or ''. */
export type KeyFor = (id: PresetId, baseUrl: string) => string;

/** A summarizer as the sentence about side A names it. */
export function summarizerLabel(choice: SummarizerChoice): string {
  return choice.mode === 'offline'
    ? 'the offline summarizer'
    : `${choice.config.preset}, model ${choice.config.model || '(default)'}`;
}

/** The address a preset is called at: A's own when A uses it, else the preset's. */
export function baseUrlFor(preset: ProviderPreset, a: ProviderChoice | null): string {
  return a && a.config.preset === preset.id ? a.config.baseUrl : preset.baseUrl;
}

/** The providers B may use: those with an address, and a key where they need one (A's provider always). */
export function usablePresets(
  presets: readonly ProviderPreset[],
  a: ProviderChoice | null,
  keyFor: KeyFor,
): ProviderPreset[] {
  return presets.filter(
    (p) => baseUrlFor(p, a) && (!p.needsKey || keyFor(p.id, baseUrlFor(p, a)) || a?.config.preset === p.id),
  );
}

/**
 * B's summarizer: offline without a preset; A's provider with B's model (or
 * A's, left empty); another preset at its own address with the model typed
 * (or its default) and the key this device holds for it.
 */
export function sideBChoice(
  preset: ProviderPreset | undefined,
  model: string,
  a: ProviderChoice | null,
  keyFor: KeyFor,
): SummarizerChoice {
  if (!preset) return { mode: 'offline' };
  return {
    mode: 'provider',
    config:
      a && a.config.preset === preset.id
        ? { ...a.config, model: model.trim() || a.config.model }
        : {
            kind: preset.kind,
            preset: preset.id,
            baseUrl: preset.baseUrl,
            model: model.trim() || preset.defaultModel,
            apiKey: keyFor(preset.id, preset.baseUrl) || undefined,
          },
  };
}

/** Why a side's run failed: a provider's title and fix, the worker's message, else the error as text. */
export function compareFailureText(reason: WorkerFailure | null, error: unknown): string {
  return reason?.kind === 'preview'
    ? `${reason.description.title}${reason.description.fix ? ` ${reason.description.fix}` : ''}`
    : (reason?.message ?? String(error));
}
