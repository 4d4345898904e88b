/**
 * Two summarizers on the same cut: A is the preview as set up above (its
 * summarizer, prompts and focus); B is the offline summarizer or the same
 * provider with another model, with the user's prompts or the defaults. Both
 * run one after the other through the worker, are judged by the same core,
 * and join this visit's run history.
 */
import { useId, useState } from 'react';
import { PROMPT_IDS, type PromptOverrides } from '../../core/prompts';
import { runOf, useRunHistory, type RunRecord } from '../../state/runHistoryStore';
import { WorkerRequestError, workerClient } from '../../worker/client';
import type { PreviewResult, SummarizerChoice, WorkerFailure } from '../../worker/protocol';
import type { PageAnalysis } from '../useAnalysis';
import { CompareView } from './CompareView';

type BSummarizer = 'offline' | 'provider';
type BPrompts = 'edited' | 'default';

interface Props {
  analysis: PageAnalysis;
  /** The preview's own summarizer: side A. */
  current: SummarizerChoice;
  prompts: PromptOverrides;
  instructions: string;
  canRun: boolean;
}

function label(choice: SummarizerChoice): string {
  return choice.mode === 'offline'
    ? 'the offline summarizer'
    : `${choice.config.preset}, model ${choice.config.model || '(default)'}`;
}

export function CompareRuns({ analysis, current, prompts, instructions, canRun }: Props) {
  const ids = { summarizer: useId(), model: useId(), prompts: useId() };
  const provider = current.mode === 'provider' ? current : null;
  const [bSummarizer, setBSummarizer] = useState<BSummarizer>('offline');
  const [bModel, setBModel] = useState(provider?.config.model ?? '');
  const [bPrompts, setBPrompts] = useState<BPrompts>(Object.keys(prompts).length ? 'default' : 'edited');
  const [running, setRunning] = useState<'A' | 'B' | null>(null);
  const [pair, setPair] = useState<{ a: RunRecord; b: RunRecord } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useRunHistory((s) => s.add);

  const bChoice: SummarizerChoice =
    bSummarizer === 'provider' && provider
      ? { mode: 'provider', config: { ...provider.config, model: bModel.trim() || provider.config.model } }
      : { mode: 'offline' };
  const sidePrompts = (which: BPrompts) => (which === 'edited' ? prompts : {});

  const runOne = async (summarizer: SummarizerChoice, sent: PromptOverrides): Promise<RunRecord> => {
    const { result } = workerClient.request('compact', {
      settings: analysis.settings,
      summarizer,
      instructions: instructions || undefined,
      prompts: sent,
      reason: 'manual',
      compare: true,
    });
    const value: PreviewResult = await result;
    return add(
      runOf(value, {
        origin: 'compare',
        strategy: analysis.settings.strategy,
        keepRecentTokens: analysis.settings.keepRecentTokens,
        maxContextTokens: analysis.settings.maxContextTokens,
        editedPrompts: PROMPT_IDS.filter((id) => sent[id] !== undefined),
        instructions,
        model: summarizer.mode === 'provider' ? summarizer.config.model : undefined,
      }),
    );
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
      setFailure(
        reason?.kind === 'preview'
          ? `${reason.description.title}${reason.description.fix ? ` ${reason.description.fix}` : ''}`
          : (reason?.message ?? String(error)),
      );
    } finally {
      setRunning(null);
    }
  };

  return (
    <section className="compare-runs" aria-label="Side by side">
      <p className="small">
        <strong>A</strong> is the preview as set up above: {label(current)}, with{' '}
        {Object.keys(prompts).length ? 'your edited prompts' : 'the default prompts'}.
      </p>
      <div className="compare-controls">
        <div className="field">
          <label htmlFor={ids.summarizer}>B: summarizer</label>
          <select
            id={ids.summarizer}
            data-testid="compare-b-summarizer"
            value={bSummarizer}
            onChange={(e) => setBSummarizer(e.target.value as BSummarizer)}
          >
            <option value="offline">Offline summarizer</option>
            {provider && <option value="provider">{provider.config.preset}, another model</option>}
          </select>
        </div>
        {bSummarizer === 'provider' && provider && (
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
        {running && (
          <span role="status" data-testid="compare-status">
            Running {running}…
          </span>
        )}
      </div>
      {failure && (
        <p className="import-error" role="alert" data-testid="compare-error">
          {failure}
        </p>
      )}
      {pair && <CompareView a={pair.a} b={pair.b} />}
    </section>
  );
}
