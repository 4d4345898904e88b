/** The settings panel: every setting with its effective value, the threshold and its formula. */
import { memo, useMemo, type ReactNode } from 'react';
import { MODEL_PRESETS, settingsForModel } from '../../core/models';
import {
  TOKENIZERS,
  isCutStrategy,
  turnPrefixBudget,
  type Settings,
  type Strategy,
  type SettingsFields,
  type TokenizerId,
} from '../../core/settings';
import type { SettingField } from '../../core/settingsProblems';
import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';
import type { PageAnalysis } from '../useAnalysis';
import { CountExact } from './CountExact';
import { HarnessFields } from './HarnessFields';
import { NumberField } from './NumberField';
import { UnseenField } from './UnseenField';
import { WindowSource } from './WindowSource';
import './settings.css';
import { STRATEGY_GROUPS, STRATEGY_LABELS, TOKENIZER_LABELS } from '../labels';

/** How the chosen strategy's threshold comes about, with the numbers filled in. */
function thresholdFormula(analysis: PageAnalysis): string {
  const { trigger, settings } = analysis;
  if (trigger.comparison === 'always') return `${settings.strategy} acts at every call`;
  if (trigger.threshold <= 0) return 'no window: compaction is off';
  if (isCutStrategy(settings.strategy)) {
    return `max(window − reserve, 1) = ${fmt(settings.maxContextTokens)} − ${fmt(settings.reserveTokens)}`;
  }
  const when = trigger.comparison === 'exceed' ? 'fires above it' : 'fires when reached';
  return `${trigger.formula}; ${when}`;
}

type NumberSetting =
  'maxContextTokens' | 'reserveTokens' | 'keepRecentTokens' | 'maxSummaryTokens' | 'stallTimeoutMs' | 'scale';
const NUMBER_SETTINGS: readonly NumberSetting[] = [
  'maxContextTokens',
  'reserveTokens',
  'keepRecentTokens',
  'maxSummaryTokens',
  'stallTimeoutMs',
  'scale',
];

export function SettingsPanel({ analysis }: { analysis: PageAnalysis | null }) {
  const { settings, refused, modelId, update, reset, countsFixed } = useSettings();
  // One handler per field for the panel's life, so a field whose value did not change is not redrawn.
  const setters = useMemo(
    () =>
      Object.fromEntries(
        NUMBER_SETTINGS.map((field) => [field, (value: number) => update({ [field]: value })]),
      ) as Record<NumberSetting, (value: number) => void>,
    [update],
  );
  /** The normalized value and why, as plain props, so an unchanged field stays memoized. */
  const effective = (field: keyof Settings) => {
    const adj = analysis?.adjustments.find((a) => a.field === field);
    return adj ? { effectiveValue: adj.to, effectiveReason: adj.reason } : {};
  };
  /** The value the field shows: a refused one stays there, with its reason. */
  const typed = (field: SettingField) => {
    const refusal = refused.find((r) => r.field === field);
    return refusal
      ? { value: refusal.value as number, refusal: refusal.reason }
      : { value: settings[field] as number };
  };
  const s = analysis?.settings;

  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <div className="panel-head">
        <h2 id="settings-title">Settings</h2>
        <button type="button" onClick={reset} title="Back to the defaults">
          Reset
        </button>
      </div>

      <ModelField modelId={modelId} tokenizer={settings.tokenizer} />

      <NumberField
        label="Context window"
        testId="setting-window"
        {...typed('maxContextTokens')}
        onChange={setters.maxContextTokens}
        hint="0 = compaction off"
      />
      <WindowSource />
      <NumberField
        label="Reserve for the response"
        testId="setting-reserve"
        {...typed('reserveTokens')}
        {...effective('reserveTokens')}
        onChange={setters.reserveTokens}
      />
      <NumberField
        label="Keep recent"
        testId="setting-keep-recent"
        {...typed('keepRecentTokens')}
        {...effective('keepRecentTokens')}
        onChange={setters.keepRecentTokens}
      />
      <NumberField
        label="Summary cap"
        testId="setting-max-summary"
        {...typed('maxSummaryTokens')}
        {...effective('maxSummaryTokens')}
        onChange={setters.maxSummaryTokens}
        hint="0: derived from the reserve"
      />
      <UnseenField
        typed={settings.unseenTokens}
        refusal={refused.find((r) => r.field === 'unseenTokens')?.reason}
        source={analysis?.unseenSource ?? 'none'}
        tokens={analysis?.unseenTokens ?? 0}
        measured={analysis?.view.unseenTokens ?? null}
        split={analysis?.unseenSplit ?? null}
      />
      <NumberField
        label="Stall timeout (ms)"
        testId="setting-stall"
        {...typed('stallTimeoutMs')}
        {...effective('stallTimeoutMs')}
        onChange={setters.stallTimeoutMs}
      />

      <ChoiceField field="strategy" label="Strategy" value={settings.strategy} options={STRATEGY_OPTIONS} />
      {!isCutStrategy(settings.strategy) && <HarnessFields harness={settings.strategy} analysis={analysis} />}

      <ChoiceField
        field="tokenizer"
        label="Tokenizer"
        value={settings.tokenizer}
        options={TOKENIZER_OPTIONS}
        fixed={countsFixed !== null}
      />

      <NumberField
        label="Scale"
        testId="setting-scale"
        {...typed('scale')}
        integer={false}
        min={0.5}
        max={1.5}
        step={0.01}
        onChange={setters.scale}
        disabled={countsFixed !== null}
        hint={
          countsFixed
            ? 'fixed to the link’s, with the tokenizer'
            : "calibrates counts against a provider's usage"
        }
      />
      {countsFixed && (
        <p className="field-note muted" id="counts-fixed-note" data-testid="counts-fixed-note">
          Tokenizer and scale are fixed to the link’s ({countsFixed.tokenizer}
          {countsFixed.scale !== 1 ? ` × ${countsFixed.scale}` : ''}): this transcript came from a minimal
          link, which carries each message’s count but not the text to count again.
        </p>
      )}
      {analysis && <CountExact />}

      <EnabledField enabled={settings.enabled} />

      {analysis && s && (
        <dl className="derived">
          <dt>Threshold</dt>
          <dd>
            <strong data-testid="threshold">
              {analysis.trigger.comparison === 'always' ? 'every call' : fmt(analysis.threshold)}
            </strong>
            <div className="muted formula" data-testid="threshold-formula">
              {thresholdFormula(analysis)}
            </div>
          </dd>
          <dt>Summary budget</dt>
          <dd>
            {fmt(analysis.summaryBudget)}
            <div className="muted formula">max(min(reserve·4/5, cap, keep-recent), 1024)</div>
          </dd>
          <dt>Turn-prefix budget</dt>
          <dd>{fmt(turnPrefixBudget(s))}</dd>
        </dl>
      )}
    </section>
  );
}

/*
 * The panel's own fields, each redrawn only when its value changes: a drag of
 * the keep-recent handle re-renders the panel at every step, and React
 * rewrites an input's attributes whenever the input is rendered.
 */

const ModelField = memo(function ModelField({
  modelId,
  tokenizer,
}: {
  modelId: string | null;
  tokenizer: TokenizerId;
}) {
  const chooseModel = useSettings((s) => s.chooseModel);
  const model = MODEL_PRESETS.find((m) => m.id === modelId);
  return (
    <div className="field">
      <label htmlFor="model-preset">Model</label>
      <select
        id="model-preset"
        data-testid="model-preset"
        value={modelId ?? ''}
        onChange={(e) => chooseModel(e.target.value || null)}
      >
        <option value="">Custom window</option>
        {MODEL_PRESETS.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label} · {fmt(m.contextWindow)}
          </option>
        ))}
      </select>
      {model && (
        <div className="field-note muted">
          {model.provider}; output up to {fmt(model.maxOutputTokens)} tokens, reserve{' '}
          {fmt(settingsForModel(model).reserveTokens)}
          {model.tokenizer !== tokenizer ? `; closest tokenizer ${model.tokenizer}` : ''}
        </div>
      )}
    </div>
  );
});

/** Each choice's options, built once, so a render of its field never rebuilds the list. */
const STRATEGY_OPTIONS = STRATEGY_GROUPS.map((group) => (
  <optgroup key={group.label} label={group.label}>
    {group.strategies.map((id) => (
      <option key={id} value={id}>
        {STRATEGY_LABELS[id]}
      </option>
    ))}
  </optgroup>
));
const TOKENIZER_OPTIONS = TOKENIZERS.map((id) => (
  <option key={id} value={id}>
    {TOKENIZER_LABELS[id]}
  </option>
));

/** A setting picked from a list; `fixed` shows it without letting it change (the note says why). */
const ChoiceField = memo(function ChoiceField({
  field,
  label,
  value,
  options,
  fixed = false,
}: {
  field: 'strategy' | 'tokenizer';
  label: string;
  value: Strategy | TokenizerId;
  options: ReactNode;
  fixed?: boolean;
}) {
  const update = useSettings((s) => s.update);
  const id = `setting-${field}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        data-testid={id}
        value={value}
        disabled={fixed}
        aria-describedby={fixed ? 'counts-fixed-note' : undefined}
        // The options offer only values of this field.
        onChange={(e) => update({ [field]: e.target.value } as Partial<SettingsFields>)}
      >
        {options}
      </select>
    </div>
  );
});

const EnabledField = memo(function EnabledField({ enabled }: { enabled: boolean }) {
  const update = useSettings((s) => s.update);
  return (
    <label className="check">
      <input
        type="checkbox"
        data-testid="setting-enabled"
        checked={enabled}
        onChange={(e) => update({ enabled: e.target.checked })}
      />
      Automatic compaction enabled
    </label>
  );
});
