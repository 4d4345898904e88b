/** The settings panel: every setting with its effective value, the threshold and its formula. */
import { useMemo } from 'react';
import { labMeasuredOf } from '../../core/harness/measured';
import { isCutStrategy, type Settings } from '../../core/settings';
import type { SettingField } from '../../core/settingsProblems';
import { useSettings } from '../../state/settingsStore';
import type { PageAnalysis } from '../useAnalysis';
import { CountExact } from './CountExact';
import { DerivedNumbers } from './DerivedNumbers';
import { HarnessFields } from './HarnessFields';
import { NumberField } from './NumberField';
import { ChoiceField, EnabledField, ModelField, STRATEGY_OPTIONS, TOKENIZER_OPTIONS } from './SettingsFields';
import { StrategyOriginNote } from './StrategyOriginNote';
import { UnseenField } from './UnseenField';
import { useClaudeCodePaste } from './useClaudeCodePaste';
import { WindowSource } from './WindowSource';
import './settings.css';

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
  const { settings, refused, modelId, windowOrigin, update, reset, countsFixed } = useSettings();
  const pasteClaudeCode = useClaudeCodePaste();
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

  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <div className="panel-head">
        <h2 id="settings-title">What decides the cut?</h2>
        <button type="button" onClick={reset} title="Back to the defaults">
          Reset
        </button>
      </div>

      <ModelField
        modelId={modelId}
        tokenizer={settings.tokenizer}
        windowOrigin={windowOrigin}
        windowTokens={settings.maxContextTokens}
      />

      <NumberField
        label="Context window"
        testId="setting-window"
        {...typed('maxContextTokens')}
        onChange={setters.maxContextTokens}
        onPasteText={pasteClaudeCode}
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
        hint={
          // Said here, by the field, so the strip's "ignored by" is never read as a term of a formula.
          isCutStrategy(settings.strategy)
            ? undefined
            : `${settings.strategy} does not cut by it; it still caps the summary budget`
        }
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
        lab={analysis ? labMeasuredOf(analysis.view) : undefined}
      />
      <NumberField
        label="Stall timeout (ms)"
        testId="setting-stall"
        {...typed('stallTimeoutMs')}
        {...effective('stallTimeoutMs')}
        onChange={setters.stallTimeoutMs}
      />

      <ChoiceField field="strategy" label="Strategy" value={settings.strategy} options={STRATEGY_OPTIONS} />
      <StrategyOriginNote />
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

      {analysis && <DerivedNumbers analysis={analysis} />}
    </section>
  );
}
