/** The settings panel's own fields (the model, the strategy and tokenizer lists, automatic compaction). */
import { memo, type ReactNode } from 'react';
import { MODEL_PRESETS, settingsForModel } from '../../core/models';
import type { WindowOrigin } from '../../core/modelWindow';
import { type Strategy, type SettingsFields } from '../../core/settings';
import { TOKENIZERS, type TokenizerId } from '../../core/tokenizer';
import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';
import { STRATEGY_GROUPS, STRATEGY_LABELS, TOKENIZER_LABELS } from '../labels';
import { shownModel } from './modelShown';

/*
 * The panel's own fields, each redrawn only when its value changes: a drag of
 * the keep-recent handle re-renders the panel at every step, and React
 * rewrites an input's attributes whenever the input is rendered.
 */

export const ModelField = memo(ModelFieldComponent);

function ModelFieldComponent({
  modelId,
  tokenizer,
  windowOrigin,
  windowTokens,
}: {
  modelId: string | null;
  tokenizer: TokenizerId;
  windowOrigin: WindowOrigin;
  windowTokens: number;
}) {
  const chooseModel = useSettings((s) => s.chooseModel);
  const shown = shownModel(modelId, windowOrigin, windowTokens);
  const model = shown?.model;
  return (
    <div className="field">
      <label htmlFor="model-preset">Model</label>
      <select
        id="model-preset"
        data-testid="model-preset"
        value={model?.id ?? ''}
        onChange={(e) => chooseModel(e.target.value || null)}
      >
        <option value="">Custom window</option>
        {MODEL_PRESETS.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label} · {fmt(m.contextWindow)}
          </option>
        ))}
      </select>
      {model && shown.fromFile && (
        <div className="field-note muted" data-testid="model-from-file">
          The file&apos;s model; {model.provider}, output up to {fmt(model.maxOutputTokens)} tokens
        </div>
      )}
      {model && !shown.fromFile && (
        <div className="field-note muted">
          {model.provider}; output up to {fmt(model.maxOutputTokens)} tokens, reserve{' '}
          {fmt(settingsForModel(model).reserveTokens)}
          {model.tokenizer !== tokenizer ? `; closest tokenizer ${model.tokenizer}` : ''}
        </div>
      )}
    </div>
  );
}

/** Each choice's options, built once, so a render of its field never rebuilds the list. */
export const STRATEGY_OPTIONS = STRATEGY_GROUPS.map((group) => (
  <optgroup key={group.label} label={group.label}>
    {group.strategies.map((id) => (
      <option key={id} value={id}>
        {STRATEGY_LABELS[id]}
      </option>
    ))}
  </optgroup>
));
export const TOKENIZER_OPTIONS = TOKENIZERS.map((id) => (
  <option key={id} value={id}>
    {TOKENIZER_LABELS[id]}
  </option>
));

/** A setting picked from a list; `fixed` shows it without letting it change (the note says why). */
export const ChoiceField = memo(ChoiceFieldComponent);

function ChoiceFieldComponent({
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
}

export const EnabledField = memo(EnabledFieldComponent);

function EnabledFieldComponent({ enabled }: { enabled: boolean }) {
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
}
