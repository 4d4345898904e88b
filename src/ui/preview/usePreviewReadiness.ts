/** Whether the preview's Run may start, and with what: the summarizer chosen, the prompts sent, and why Run waits. */
import { useMemo } from 'react';
import { clearsOnly } from '../../core/harness/registry';
import { findPreset } from '../../providers/presets';
import { missingFields } from '../../providers/readiness';
import { usePrompts, sentPrompts } from '../../state/promptStore';
import { currentKey, useProvider } from '../../state/providerStore';
import type { SummarizerChoice } from '../../worker/protocol';
import { addressProblem } from '../addressProblem';
import type { PageAnalysis } from '../useAnalysis';
import { promptTooLong } from './PromptEditor';

/**
 * Everything the panel derives from the provider and prompt stores and the
 * analysis before a run, in one place, so the component only draws it.
 * `locked` is a run the user started still going: Run waits for it too.
 */
export function usePreviewReadiness(analysis: PageAnalysis, locked: boolean) {
  const provider = useProvider();
  const apiKey = useProvider(currentKey);
  const unconfirmedBaseUrl = useProvider((s) => s.unconfirmedBaseUrl);
  const editedPrompts = usePrompts((s) => s.prompts);
  const prompts = useMemo(() => sentPrompts({ prompts: editedPrompts }), [editedPrompts]);
  const overLimit = promptTooLong(editedPrompts);
  // A preset that only clears never asks a model anything: the summarizer does not matter to it.
  const onlyClears = clearsOnly(analysis.settings.strategy);
  const preset = provider.presetId === 'offline' || onlyClears ? null : findPreset(provider.presetId);
  const badBaseUrl = preset && provider.baseUrl.trim() ? addressProblem(provider.baseUrl.trim()) : null;
  const awaitingConfirmation = unconfirmedBaseUrl !== null && !!preset;
  const nothing = analysis.plan.nothingToCompact && analysis.cleared.length === 0;

  const choice = useMemo<SummarizerChoice>(
    () =>
      preset
        ? {
            mode: 'provider',
            config: {
              kind: preset.kind,
              preset: preset.id,
              baseUrl: provider.baseUrl.trim(),
              model: provider.model.trim(),
              apiKey: apiKey.trim() || undefined,
            },
          }
        : { mode: 'offline' },
    [preset, provider.baseUrl, provider.model, apiKey],
  );

  // A link's address waiting for confirmation says so itself; its key field is not open yet.
  const missing =
    preset && !awaitingConfirmation
      ? missingFields(preset, { baseUrl: provider.baseUrl, model: provider.model, apiKey })
      : [];

  const runDisabled =
    locked ||
    missing.length > 0 ||
    badBaseUrl !== null ||
    nothing ||
    awaitingConfirmation ||
    overLimit !== null;

  return {
    provider,
    apiKey,
    unconfirmedBaseUrl,
    editedPrompts,
    prompts,
    overLimit,
    onlyClears,
    preset,
    badBaseUrl,
    awaitingConfirmation,
    nothing,
    choice,
    missing,
    runDisabled,
  };
}
