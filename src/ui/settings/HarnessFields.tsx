/**
 * The chosen preset's parameters, each with its default filled in. A value
 * the preset's rule refuses stays in its field with the reason while the last
 * valid one keeps applying; a value a link brought that the core had to
 * repair shows what applies instead, and why.
 */
import { useId, useState } from 'react';
import { cleanToolNames } from '../../core/harness/params';
import { clearsOnly, paramSpecs, presetOf, type HarnessId } from '../../core/harness/registry';
import { useSettings } from '../../state/settingsStore';
import type { PageAnalysis } from '../useAnalysis';
import { NumberField } from './NumberField';

/** What a field shows beside its value: the preset module's words. */
interface ParamField {
  label: string;
  hint?: string;
}

/** A list of tool names typed as text: what was typed stays, the names apply as they are typed. */
function ToolsField({
  label,
  hint,
  value,
  onChange,
  testId,
}: ParamField & { value: readonly string[]; onChange(names: string[]): void; testId: string }) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const shown =
    draft !== null && cleanToolNames(draft.split(',')).join() === value.join() ? draft : value.join(', ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        data-testid={testId}
        value={shown}
        aria-describedby={`${id}-note`}
        onChange={(e) => {
          setDraft(e.target.value);
          onChange(cleanToolNames(e.target.value.split(',')));
        }}
        onBlur={() => setDraft(null)}
      />
      <div id={`${id}-note`} className="field-note muted">
        {value.length ? hint : `none; ${hint ?? ''}`}
      </div>
    </div>
  );
}

export function HarnessFields({ harness, analysis }: { harness: HarnessId; analysis: PageAnalysis | null }) {
  const typedAll = useSettings((s) => s.settings.harness);
  const refusedParams = useSettings((s) => s.refusedParams);
  const setParam = useSettings((s) => s.setParam);
  const typed = (typedAll?.[harness] ?? {}) as Record<string, unknown>;
  const set = (param: string, value: unknown) => setParam(harness, param as never, value);

  return (
    <fieldset className="harness-params" data-testid="harness-params" data-harness={harness}>
      <legend>{harness} parameters</legend>
      <p className="field-note muted">{presetOf(harness).source}</p>
      {paramSpecs(harness).map(([param, spec]) => {
        const { rule } = spec;
        const field: ParamField = { label: spec.label, hint: spec.hint };
        const testId = `param-${param}`;
        const value = typed[param] ?? spec.default;
        if (rule.kind === 'flag') {
          return (
            <label key={param} className="check">
              <input
                type="checkbox"
                data-testid={testId}
                checked={value === true}
                onChange={(e) => set(param, e.target.checked)}
              />
              {field.label}
            </label>
          );
        }
        if (rule.kind === 'tools') {
          return (
            <ToolsField
              key={param}
              {...field}
              testId={testId}
              value={Array.isArray(value) ? (value as string[]) : []}
              onChange={(names) => set(param, names)}
            />
          );
        }
        const refusal = refusedParams.find((r) => r.harness === harness && r.param === param);
        const adjustment = analysis?.adjustments.find(
          (a) => a.field === 'harness' && a.param === `${harness}.${param}`,
        );
        const fraction = rule.kind === 'fraction';
        return (
          <NumberField
            key={param}
            label={field.label}
            testId={testId}
            value={(refusal ? refusal.value : value) as number}
            refusal={refusal?.reason}
            effectiveValue={adjustment?.to}
            effectiveReason={adjustment?.reason}
            integer={!fraction}
            min={fraction ? 0 : rule.min}
            max={fraction ? 1 : undefined}
            step={fraction ? 0.05 : 1}
            hint={field.hint}
            onChange={(v) => set(param, v)}
          />
        );
      })}
      {clearsOnly(harness) && (
        <p className="field-note muted">
          It only clears in place: keep-recent and the summary settings do not apply to it.
        </p>
      )}
    </fieldset>
  );
}
