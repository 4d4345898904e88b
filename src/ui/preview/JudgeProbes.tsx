/**
 * Optional: probe questions about the summary, answered by a model that sees
 * only the summary, with the user's key. The deterministic checklist stays
 * the score; the judge adds what an agent could actually recall from it.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { ProbeKind } from '../../core/eval/probes';
import type { Scorecard } from '../../core/eval/score';
import { WorkerRequestError, workerClient } from '../../worker/client';
import type { JudgeResult, SummarizerChoice, WorkerFailure } from '../../worker/protocol';
import { VisibleText } from '../text/VisibleText';

const KIND_LABELS: Record<ProbeKind, string> = {
  recall: 'recall',
  artifact: 'files',
  continuation: 'what next',
  decision: 'decision',
};

interface Props {
  summary: string;
  card: Scorecard;
  summarizer: SummarizerChoice;
  stallTimeoutMs: number;
  /**
   * The page shows other messages than those the summary was made from (another
   * transcript, or another call's context). The facts point at messages by
   * place, and the grader reads them from what is shown, so the judge waits
   * for a new run.
   */
  otherMessages: boolean;
  /** Why no provider may be asked now (a link's server waits for confirmation), or null. */
  blocked: string | null;
}

export function JudgeProbes({ summary, card, summarizer, stallTimeoutMs, otherMessages, blocked }: Props) {
  // The request in flight, so Stop can cancel it: a judge that streams without end must not need a reload.
  const running = useRef<number | null>(null);
  const mutation = useMutation<JudgeResult, WorkerFailure, void>({
    retry: false,
    mutationFn: async () => {
      if (summarizer.mode !== 'provider')
        throw { kind: 'internal', message: 'Choose a provider to judge with.' };
      const { id, result } = workerClient.request('judge', {
        config: summarizer.config,
        summary,
        items: card.items,
        stallTimeoutMs,
      });
      running.current = id;
      try {
        return await result;
      } catch (error) {
        throw error instanceof WorkerRequestError
          ? error.failure
          : { kind: 'internal', message: String(error) };
      } finally {
        running.current = null;
      }
    },
  });
  const stop = useCallback(() => {
    if (running.current !== null) workerClient.cancel(running.current);
  }, []);
  const result = mutation.data;
  const passed = result?.probes.filter((p) => p.verdict === 'pass').length ?? 0;
  return (
    <section className="judge" data-testid="judge" aria-label="Ask a judge model">
      <div className="judge-head">
        <button
          type="button"
          data-testid="judge-run"
          disabled={
            summarizer.mode !== 'provider' ||
            mutation.isPending ||
            card.items.length === 0 ||
            otherMessages ||
            blocked !== null
          }
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? 'Asking…' : 'Ask the judge'}
        </button>
        <button type="button" data-testid="judge-stop" onClick={stop} disabled={!mutation.isPending}>
          Stop
        </button>
        <span className="muted small" data-testid="judge-note">
          {blocked
            ? blocked
            : otherMessages
              ? 'Run the preview again to judge it: this summary was made from other messages than those shown.'
              : summarizer.mode === 'provider'
                ? `${summarizer.config.preset}, model ${summarizer.config.model || '(default)'} answers probe questions from the summary alone.`
                : 'Choose a provider above to have a model answer probe questions from the summary alone.'}
        </span>
      </div>
      {mutation.error?.kind === 'cancelled' && (
        <p data-testid="judge-stopped">Stopped. No probe was graded.</p>
      )}
      {mutation.error && mutation.error.kind !== 'cancelled' && (
        <p className="import-error" role="alert" data-testid="judge-error">
          {mutation.error.kind === 'preview'
            ? `${mutation.error.description.title} ${mutation.error.description.fix ?? ''}`
            : mutation.error.message}
        </p>
      )}
      {result && (
        <>
          <p className="small" data-testid="judge-score">
            <strong>
              {passed}/{result.probes.length} probes passed
            </strong>{' '}
            <span className="muted">({result.judge})</span>
          </p>
          <ol className="judge-probes">
            {result.probes.map((probe) => (
              <li
                key={probe.kind}
                data-testid="judge-probe"
                data-kind={probe.kind}
                data-verdict={probe.verdict}
              >
                <span className={probe.verdict === 'pass' ? 'ok-text' : 'bad-text'}>
                  {probe.verdict === 'pass' ? '✓' : '✗'}
                </span>{' '}
                <strong>{KIND_LABELS[probe.kind]}</strong>: {probe.question}{' '}
                <span className="muted small">
                  (graded by{' '}
                  {probe.gradedBy === 'match'
                    ? `matching, ${probe.named}/${probe.expected.length} named`
                    : 'the judge'}
                  )
                </span>
                <div className="judge-answer small">
                  <VisibleText text={probe.answer || '(no answer)'} />
                </div>
              </li>
            ))}
          </ol>
          <details data-testid="judge-requests">
            <summary>Requests sent to the judge ({result.http.length})</summary>
            {result.http.map((h, i) => (
              <pre key={i} className="message-text" tabIndex={0}>
                {`${h.method} ${h.url}\n`}
                {Object.entries(h.headers)
                  .map(([k, v]) => `${k}: ${v}`)
                  .join('\n')}
                {'\n\n'}
                <VisibleText text={h.body} />
              </pre>
            ))}
          </details>
        </>
      )}
    </section>
  );
}
