/** A number field that keeps what was typed and shows the settings' reason when a value is refused. */
import { memo, useId, useState } from 'react';
import { fmt } from '../format';

interface Props {
  label: string;
  value: number;
  /** The normalized value, when it differs from what was typed, and why. */
  effectiveValue?: number;
  /** Why the effective value differs (given with `effectiveValue`). */
  effectiveReason?: string;
  /** Why the value shown is not applied (the last valid one still is). */
  refusal?: string;
  onChange(value: number): void;
  testId?: string;
  /** What the note asks for when the text is not a number at all. */
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  hint?: string;
  /** Shown but not editable; the hint says why. */
  disabled?: boolean;
  /** Offered pasted text first; returns true when it took it (the field then does not). */
  onPasteText?(text: string): boolean;
}

/**
 * A number input that keeps whatever the user typed, even when it is not a
 * number yet, and commits only numbers. Whether a number can apply is the
 * settings' rule, not this field's: a refused one comes back as `value` with
 * its `refusal`, and stays in the field.
 */
function NumberFieldOf({
  label,
  value,
  effectiveValue,
  effectiveReason,
  refusal,
  onChange,
  testId,
  min = 0,
  max,
  step = 1,
  integer = true,
  hint,
  disabled = false,
  onPasteText,
}: Props) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const parse = (raw: string) => Number(raw.replaceAll(',', '').replaceAll('_', '').trim());
  const isNumber = (raw: string) => raw.trim() !== '' && Number.isFinite(parse(raw));
  const invalid = draft !== null && !isNumber(draft);
  // A number in the draft that no longer matches the value was overtaken by a change elsewhere (a drag, a preset).
  const text = draft !== null && (invalid || parse(draft) === value) ? draft : String(value);
  const problem = invalid
    ? `Enter ${integer ? 'a whole number' : 'a number'}${max !== undefined ? ` from ${min} to ${max}` : ` of at least ${min}`}`
    : (refusal ?? null);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={testId}
        inputMode={integer ? 'numeric' : 'decimal'}
        value={text}
        step={step}
        disabled={disabled}
        aria-invalid={problem !== null || undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          if (isNumber(next)) onChange(parse(next));
        }}
        onBlur={() => {
          if (!invalid) setDraft(null);
        }}
        onPaste={(e) => {
          if (onPasteText?.(e.clipboardData.getData('text'))) {
            e.preventDefault();
            setDraft(null);
          }
        }}
      />
      <div id={`${id}-note`} className="field-note">
        {problem ? (
          <span className="field-error" data-testid="setting-error">
            {problem}
          </span>
        ) : effectiveValue !== undefined && effectiveValue !== value ? (
          <span className="field-effective">
            effective <strong>{integer ? fmt(effectiveValue) : effectiveValue}</strong>: {effectiveReason}
          </span>
        ) : hint ? (
          <span className="muted">{hint}</span>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Re-rendered only when what it shows changes (give it an `onChange` that
 * stays the same function): a drag of the keep-recent handle updates that one
 * field, not every input of the panel.
 */
export const NumberField = memo(NumberFieldOf);
