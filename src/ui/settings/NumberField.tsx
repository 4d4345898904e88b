import { useId, useState } from 'react';
import { fmt } from '../format';

interface Props {
  label: string;
  value: number;
  /** The normalized value, when it differs from what was typed, and why. */
  effective?: { value: number; reason: string };
  onChange(value: number): void;
  testId?: string;
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  hint?: string;
}

/**
 * A number input that keeps whatever the user typed, even when it is not a
 * number yet, and commits only valid values.
 */
export function NumberField({
  label,
  value,
  effective,
  onChange,
  testId,
  min = 0,
  max,
  step = 1,
  integer = true,
  hint,
}: Props) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const parse = (raw: string) => Number(raw.replaceAll(',', '').replaceAll('_', '').trim());
  const isValid = (raw: string) => {
    const n = parse(raw);
    return (
      raw.trim() !== '' &&
      Number.isFinite(n) &&
      (!integer || Number.isInteger(n)) &&
      n >= min &&
      (max === undefined || n <= max)
    );
  };
  const invalid = draft !== null && !isValid(draft);
  // A valid draft that no longer matches the value was overtaken by a change elsewhere (a drag, a preset).
  const text = draft !== null && (invalid || parse(draft) === value) ? draft : String(value);
  const problem = invalid
    ? `Enter ${integer ? 'a whole number' : 'a number'}${max !== undefined ? ` from ${min} to ${max}` : ` of at least ${min}`}`
    : null;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={testId}
        inputMode={integer ? 'numeric' : 'decimal'}
        value={text}
        step={step}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          if (isValid(next)) onChange(parse(next));
        }}
        onBlur={() => {
          if (!invalid) setDraft(null);
        }}
      />
      <div id={`${id}-note`} className="field-note">
        {problem ? (
          <span className="field-error">{problem}</span>
        ) : effective && effective.value !== value ? (
          <span className="field-effective">
            effective <strong>{integer ? fmt(effective.value) : effective.value}</strong>: {effective.reason}
          </span>
        ) : hint ? (
          <span className="muted">{hint}</span>
        ) : null}
      </div>
    </div>
  );
}
