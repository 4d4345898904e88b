/**
 * Two summarizers on the same cut: A is the preview as set up above (its
 * summarizer, prompts and focus); B is the offline summarizer, the same
 * provider with another model, or another provider the user has entered a
 * key for in this visit (or saved), with the user's prompts or the defaults. Both
 * run one after the other through the worker, are judged by the same core,
 * and join this visit's run history.
 */
import { useId, useState } from 'react';
import type { PromptOverrides } from '../../core/prompts';
import type { PresetId } from '../../providers/config';
import { PROVIDER_PRESETS, findPreset } from '../../providers/presets';
import { keyAddress, useProvider } from '../../state/providerStore';
import { runOf, useRunHistory, type RunRecord } from '../../state/runHistoryStore';
import { WorkerRequestError, workerClient } from '../../worker/client';
import type { PreviewResult, SummarizerChoice, WorkerFailure } from '../../worker/protocol';
import type { PageAnalysis } from '../useAnalysis';
import { compareFailureText, sideBChoice, summarizerLabel, usablePresets } from './compareChoice';
import { CompareView } from './CompareView';

type BSummarizer = 'offline' | PresetId;
type BPrompts = 'edited' | 'default';

interface Props {
  analysis: PageAnalysis;
  /** The preview's own summarizer: side A. */
  current: SummarizerChoice;
  prompts: PromptOverrides;
  instructions: string;
  canRun: boolean;
  /** Why "Run A and B" waits, when it is for something the user has to do first. */
  blocked?: string | null;
}

export function CompareRuns({ analysis, current, prompts, instructions, canRun, blocked }: Props) {
  const ids = { summarizer: useId(), model: useId(), prompts: useId() };
  const provider = current.mode === 'provider' ? current : null;
  const [bSummarizer, setBSummarizer] = useState<BSummarizer>('offline');
  const [bModel, setBModel] = useState('');
  const typed = useProvider((s) => s.typed);
  const remembered = useProvider((s) => s.remembered);
  /** The key this device holds for a preset at its own address (the current one at the address in use). */
  const keyFor = (id: PresetId, baseUrl: string) =>
    typed[keyAddress(id, baseUrl)] ?? remembered[keyAddress(id, baseUrl)] ?? '';
  // Another provider is offered when it can be called: an address, and a key where it needs one.
  const usable = usablePresets(PROVIDER_PRESETS, provider, keyFor);
  const choose = (id: BSummarizer) => {
    setBSummarizer(id);
    const preset = id === 'offline' ? undefined : findPreset(id);
    setBModel(
      provider && provider.config.preset === id ? provider.config.model : (preset?.defaultModel ?? ''),
    );
  };
  const [bPrompts, setBPrompts] = useState<BPrompts>(Object.keys(prompts).length ? 'default' : 'edited');
  const [running, setRunning] = useState<'A' | 'B' | null>(null);
  const [pair, setPair] = useState<{ a: RunRecord; b: RunRecord } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useRunHistory((s) => s.add);

  const bPreset = bSummarizer === 'offline' ? undefined : findPreset(bSummarizer);
  const bChoice = sideBChoice(bPreset, bModel, provider, keyFor);
  const sidePrompts = (which: BPrompts) => (which === 'edited' ? prompts : {});

  const runOne = async (summarizer: SummarizerChoice, sent: PromptOverrides): Promise<RunRecord> => {
    const input = {
      settings: analysis.settings,
      unseenTokens: analysis.unseenTokens,
      summarizer,
      instructions: instructions || undefined,
      prompts: sent,
    };
    const { result } = workerClient.request('compact', { ...input, reason: 'manual', compare: true });
    const value: PreviewResult = await result;
    return add(runOf(value, input, 'compare'));
  };

  const start = async () => {
    setFailure(null);
    setPair(null);
    try {
      setRunning('A');
      const a = await runOne(current, prompts);
      setRunning('B');
      const b = await runOne(bChoice, sidePrompts(bPrompts));
      setPair({ a, b });
    } catch (error) {
      const reason: WorkerFailure | null = error instanceof WorkerRequestError ? error.failure : null;
      setFailure(compareFailureText(reason, error));
    } finally {
      setRunning(null);
    }
  };

  return (
    <section className="compare-runs" aria-label="Side by side">
      <p className="small">
        <strong>A</strong> is the preview as set up above: {summarizerLabel(current)}, with{' '}
        {Object.keys(prompts).length ? 'your edited prompts' : 'the default prompts'}.
      </p>
      <div className="compare-controls">
        <div className="field">
          <label htmlFor={ids.summarizer}>B: summarizer</label>
          <select
            id={ids.summarizer}
            data-testid="compare-b-summarizer"
            value={bSummarizer}
            onChange={(e) => choose(e.target.value as BSummarizer)}
          >
            <option value="offline">Offline summarizer</option>
            {usable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
                {provider?.config.preset === p.id ? ' (as above, another model)' : ''}
              </option>
            ))}
          </select>
        </div>
        {bPreset && (
          <div className="field">
            <label htmlFor={ids.model}>B: model</label>
            <input
              id={ids.model}
              data-testid="compare-b-model"
              value={bModel}
              onChange={(e) => setBModel(e.target.value)}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.prompts}>B: prompts</label>
          <select
            id={ids.prompts}
            data-testid="compare-b-prompts"
            value={bPrompts}
            onChange={(e) => setBPrompts(e.target.value as BPrompts)}
          >
            <option value="edited">the same as A</option>
            <option value="default">the defaults</option>
          </select>
        </div>
        <button
          type="button"
          className="primary"
          data-testid="compare-start"
          disabled={!canRun || running !== null}
          onClick={() => void start()}
        >
          Run A and B
        </button>
        {blocked && (
          <span className="muted small" data-testid="compare-blocked">
            {blocked}
          </span>
        )}
        {running && (
          <span role="status" data-testid="compare-status">
            Running {running}…
          </span>
        )}
      </div>
      <p className="muted small">
        Another provider is listed here once this device holds its key: choose it as the summarizer above,
        enter the key, then come back to A&apos;s.
      </p>
      {failure && (
        <p className="import-error" role="alert" data-testid="compare-error">
          {failure}
        </p>
      )}
      {pair && <CompareView a={pair.a} b={pair.b} />}
    </section>
  );
}
