/**
 * "Use in your agent": the settings as they stand, written in the chosen
 * agent's own configuration, with a Copy button and what the agent cannot
 * express. The same text as `compaction-playground config --harness ID`.
 * The agent is the loaded file's own until the user picks another (`agentTarget.ts`).
 */
import { useId, useMemo, useState } from 'react';
import { CONFIG_TARGETS, agentConfig, configProblem } from '../../core/agentConfig';
import { normalizeSettings } from '../../core/settings';
import { useSettings } from '../../state/settingsStore';
import { useTranscript } from '../../state/transcriptStore';
import { targetInForce, type TargetPick } from './agentTarget';

export function AgentConfigPanel() {
  const { settings } = useSettings();
  const format = useTranscript((s) => s.view?.format ?? null);
  const [pick, setPick] = useState<TargetPick | null>(null);
  const target = targetInForce(pick, format);
  const [copied, setCopied] = useState(false);
  const selectId = useId();
  const config = useMemo(() => {
    const normalized = normalizeSettings(settings);
    // A strategy with no threshold gives the agent nothing to be set to: said, instead of a limit of 0.
    const problem = configProblem(target, normalized);
    const written = agentConfig(target, normalized);
    return problem ? { ...written, text: '', notes: [problem] } : written;
  }, [target, settings]);

  return (
    <section className="panel agent-config" aria-labelledby="agent-config-title" data-testid="agent-config">
      <h2 id="agent-config-title">Use in your agent</h2>
      <div className="field">
        <label htmlFor={selectId}>Agent</label>
        <select
          id={selectId}
          data-testid="agent-config-harness"
          value={target}
          onChange={(e) => {
            setPick({ id: e.target.value, format });
            setCopied(false);
          }}
        >
          {CONFIG_TARGETS.map((t) => (
            <option key={t.id} value={t.id}>
              {t.agent}
            </option>
          ))}
        </select>
      </div>
      <p className="muted agent-config-file" data-testid="agent-config-file">
        In {config.file}
      </p>
      {config.text ? (
        <pre
          className="agent-config-text"
          data-testid="agent-config-text"
          tabIndex={0}
          aria-label="Configuration"
        >
          <code>{config.text}</code>
        </pre>
      ) : null}
      <div className="agent-config-actions">
        <button
          type="button"
          data-testid="agent-config-copy"
          disabled={!config.text}
          onClick={async () => {
            await navigator.clipboard?.writeText(config.text).catch(() => {});
            setCopied(true);
          }}
        >
          Copy
        </button>
        <span role="status" className="muted" data-testid="agent-config-copied">
          {copied ? 'Copied' : ''}
        </span>
      </div>
      {config.notes.length > 0 && (
        <ul className="agent-config-notes" data-testid="agent-config-notes">
          {config.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
