/**
 * "Count exactly": the loaded transcript counted by the provider chosen for
 * the preview, with its own tokenizer and the user's key, beside our
 * estimate. The ratio becomes the scale, and is remembered for that model on
 * this device. Only the provider the user picked is asked, only on a click.
 * A count waits no longer than the preview's stall timeout, and Cancel stops
 * it sooner: a server that never answers must not leave the button spinning.
 */
import { memo, useCallback, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { settableScale, type Calibration } from '../../core/calibration';
import { normalizeSettings } from '../../core/settings';
import type { TokenizerId } from '../../core/tokenizer';
import type { ProviderConfig } from '../../providers/config';
import { addressProblem } from '../addressProblem';
import { canCount } from '../../providers/countTokens';
import { findPreset } from '../../providers/presets';
import { savedCount, useCalibration } from '../../state/calibrationStore';
import { currentKey, useProvider } from '../../state/providerStore';
import { useSettings } from '../../state/settingsStore';
import { storedNow } from '../../state/stored';
import { WorkerRequestError, workerClient } from '../../worker/client';
import type { WorkerFailure } from '../../worker/protocol';
import { fmt } from '../format';

interface Counted extends Calibration {
  model: string;
  provider: string;
  tokenizer: TokenizerId;
  /** The scale set: the ratio, kept within what the settings accept. */
  applied: number;
  /** Whether the count and the scale are in this device's storage (false: it refused them). */
  stored: boolean;
}

/** Why the chosen provider cannot count now, or null when it can. */
function unavailable(
  preset: ReturnType<typeof findPreset> | null,
  key: string,
  model: string,
  baseUrl: string,
  waiting: boolean,
  countsFixed: boolean,
): string | null {
  if (countsFixed) {
    return 'This transcript came from a minimal link: it carries each message’s count, not the text a provider would count.';
  }
  if (!preset || !canCount(preset.kind)) {
    return 'Choose Anthropic, Google Gemini or OpenAI as the summarizer under "Preview the compaction": their own endpoints count with their own tokenizer.';
  }
  if (waiting) return 'Confirm the server the shared link chose, under "Preview the compaction", first.';
  if (preset.needsKey && !key.trim())
    return `Enter an API key for ${preset.label} under "Preview the compaction".`;
  if (!model.trim()) return 'Name a model under "Preview the compaction".';
  return addressProblem(baseUrl.trim());
}

export const CountExact = memo(CountExactComponent);

function CountExactComponent() {
  const provider = useProvider();
  const key = useProvider(currentKey);
  const tokenizer = useSettings((s) => s.settings.tokenizer);
  const preset = provider.presetId === 'offline' ? null : findPreset(provider.presetId);
  const model = provider.model.trim();
  const saved = useCalibration((s) => savedCount(s.scales, model, tokenizer));
  const countsFixed = useSettings((s) => s.countsFixed !== null);
  const why = unavailable(
    preset,
    key,
    model,
    provider.baseUrl,
    provider.unconfirmedBaseUrl !== null,
    countsFixed,
  );

  const running = useRef<number | null>(null);
  const mutation = useMutation<
    Counted,
    WorkerFailure | { kind: 'internal'; message: string },
    ProviderConfig
  >({
    retry: false,
    mutationFn: async (config) => {
      // The preview's stall timeout, read when the count starts: a server that never answers fails it too.
      const { stallTimeoutMs } = normalizeSettings(useSettings.getState().settings);
      const { id, result: reply } = workerClient.request('count', { config, tokenizer, stallTimeoutMs });
      running.current = id;
      try {
        const result = await reply;
        const applied = settableScale(result.scale);
        useCalibration.getState().remember(config.model, tokenizer, {
          scale: applied,
          providerTokens: result.providerTokens,
          estimatedTokens: result.estimatedTokens,
          provider: preset!.kind,
          countedAt: new Date().toISOString(),
        });
        useSettings.getState().update({ scale: applied });
        // Said "remembered" only once it is: a reload right after must find it.
        const stored = (await Promise.all([storedNow(useCalibration), storedNow(useSettings)])).every(
          Boolean,
        );
        return { ...result, model: config.model, provider: preset!.label, tokenizer, applied, stored };
      } catch (error) {
        throw error instanceof WorkerRequestError
          ? error.failure
          : { kind: 'internal', message: String(error) };
      } finally {
        running.current = null;
      }
    },
  });

  const count = () => {
    if (!preset || why) return;
    mutation.mutate({
      kind: preset.kind,
      preset: preset.id,
      baseUrl: provider.baseUrl.trim(),
      model,
      apiKey: key.trim() || undefined,
    });
  };
  const cancel = useCallback(() => {
    if (running.current !== null) workerClient.cancel(running.current);
  }, []);
  const result = mutation.data;
  const error = mutation.error;

  return (
    <div className="count-exact">
      <button
        type="button"
        data-testid="count-exact"
        onClick={count}
        disabled={why !== null || mutation.isPending}
        title={
          why ?? `Asks ${preset?.label} how many tokens the loaded transcript is, with its own tokenizer`
        }
      >
        {mutation.isPending ? 'Counting…' : 'Count exactly'}
      </button>
      {mutation.isPending && (
        <button type="button" data-testid="count-cancel" onClick={cancel}>
          Cancel
        </button>
      )}
      {why ? (
        <div className="field-note muted">{why}</div>
      ) : (
        !result && (
          <div className="field-note muted">
            Asks {preset?.label} for its own count of this transcript with {model}; sets the scale.
          </div>
        )
      )}
      {result && !mutation.isPending && (
        <div className="field-note" data-testid="count-result" role="status">
          {result.provider} counted <strong data-testid="count-provider">{fmt(result.providerTokens)}</strong>{' '}
          tokens; our estimate ({result.tokenizer}) is{' '}
          <strong data-testid="count-estimate">{fmt(result.estimatedTokens)}</strong>: scale{' '}
          <strong data-testid="count-scale">{result.scale}</strong> for {result.model}
          {result.applied !== result.scale
            ? `, outside 0.5–1.5, so ${result.applied} is set`
            : result.stored
              ? ', set and remembered on this device'
              : ', set for this visit: this device refused to store it'}
          .
        </div>
      )}
      {!result && saved && !mutation.isPending && (
        <div className="field-note muted" data-testid="count-saved">
          Counted on this device for {model}: scale {saved.scale} ({fmt(saved.providerTokens)} against{' '}
          {fmt(saved.estimatedTokens)}).
        </div>
      )}
      {error?.kind === 'cancelled' && !mutation.isPending && (
        <div className="field-note muted" role="status" data-testid="count-stopped">
          Stopped. The scale was not changed.
        </div>
      )}
      {error && error.kind !== 'cancelled' && !mutation.isPending && (
        <div className="field-note field-error" role="alert" data-testid="count-error">
          {'description' in error ? (
            <>
              <strong>{error.description.title}</strong>
              {error.description.detail ? ` ${error.description.detail}` : ''}
              {error.description.fix ? ` ${error.description.fix}` : ''}
            </>
          ) : (
            error.message
          )}
        </div>
      )}
    </div>
  );
}
