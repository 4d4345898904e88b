/** The preview's summarizer: offline, a hosted provider with a key, or a local server. */
import { memo, useId } from 'react';
import { PROVIDER_PRESETS, findPreset } from '../../providers/presets';
import { baseUrlProblem } from '../../providers/config';
import { policyProblem } from '../addressProblem';
import { currentKey, isRemembered, useProvider, type SummarizerId } from '../../state/providerStore';
import { storedNow } from '../../state/stored';

/** Which summarizer the preview uses: offline, a hosted provider with a key, or a local server. */
export const ProviderControls = memo(ProviderControlsComponent);

function ProviderControlsComponent({ disabled }: { disabled: boolean }) {
  const p = useProvider();
  const apiKey = useProvider(currentKey);
  const remembered = useProvider(isRemembered);
  const ids = { preset: useId(), url: useId(), model: useId(), key: useId(), focus: useId() };
  const preset = p.presetId === 'offline' ? null : findPreset(p.presetId);
  const baseUrl = preset ? p.baseUrl.trim() : '';
  const shapeProblem = baseUrl ? baseUrlProblem(baseUrl) : null;
  const urlProblem = shapeProblem ?? (baseUrl ? policyProblem(baseUrl) : null);
  return (
    <div className="provider-controls">
      <div className="field">
        <label htmlFor={ids.preset}>Summarizer</label>
        <select
          id={ids.preset}
          data-testid="provider-select"
          value={p.presetId}
          disabled={disabled}
          onChange={(e) => p.choose(e.target.value as SummarizerId)}
        >
          <option value="offline">Offline summarizer (no model, no key)</option>
          {PROVIDER_PRESETS.map((x) => (
            <option key={x.id} value={x.id}>
              {x.label}
            </option>
          ))}
        </select>
      </div>
      {preset && (
        <>
          <div className="field">
            <label htmlFor={ids.url}>Base URL</label>
            <input
              id={ids.url}
              data-testid="provider-base-url"
              value={p.baseUrl}
              disabled={disabled}
              placeholder="https://…"
              aria-required
              aria-invalid={urlProblem !== null}
              aria-describedby={urlProblem ? `${ids.url}-problem` : undefined}
              onChange={(e) => p.update({ baseUrl: e.target.value })}
            />
            {urlProblem && (
              <span id={`${ids.url}-problem`} className="field-error" data-testid="provider-base-url-error">
                Base URL: {urlProblem}.{shapeProblem ? ' The key goes in the key field.' : ''}
              </span>
            )}
          </div>
          <div className="field">
            <label htmlFor={ids.model}>
              Model{preset.modelOptional ? ' (optional: the loaded one)' : ''}
            </label>
            <input
              id={ids.model}
              data-testid="provider-model"
              value={p.model}
              disabled={disabled}
              aria-required={!preset.modelOptional}
              onChange={(e) => p.update({ model: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.key}>API key{preset.needsKey ? '' : ' (optional)'}</label>
            <input
              id={ids.key}
              data-testid="provider-key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              aria-required={preset.needsKey}
              value={apiKey}
              disabled={disabled || p.unconfirmedBaseUrl !== null}
              onChange={(e) => p.setKey(e.target.value)}
            />
            <label className="check small">
              <input
                type="checkbox"
                data-testid="provider-remember"
                checked={remembered}
                disabled={p.unconfirmedBaseUrl !== null}
                onChange={(e) => {
                  p.setRemember(e.target.checked);
                  // Ticked, the key is on this device at once; unticked, it is gone at once.
                  void storedNow(useProvider);
                }}
              />
              Remember on this device, for this provider and address
            </label>
          </div>
        </>
      )}
      <div className="field wide">
        <label htmlFor={ids.focus}>Extra focus for the summary (optional)</label>
        <input
          id={ids.focus}
          data-testid="provider-instructions"
          value={p.instructions}
          disabled={disabled}
          placeholder="e.g. keep every file path and test name"
          onChange={(e) => p.update({ instructions: e.target.value })}
        />
      </div>
    </div>
  );
}
