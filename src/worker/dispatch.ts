/**
 * Which module answers each request. The worker holds one transcript
 * (`Session`) and one set of estimators, and this table hands each request
 * to the module of its concern with what it needs of them; nothing here
 * computes an answer. It is made by a function, not held by the worker's
 * entry, so a test can drive the requests the page sends without a worker.
 */
import { breakdownAt, contextAt, ledgerStrategies, timelineData } from './timeline';
import { runCaseFiles } from './cases';
import { countView, type Counting } from './counting';
import { decodeShared } from './decodeShared';
import { Estimators } from './estimators';
import { followStep, loadTranscript } from './load';
import type { Progress, Replies, WorkerOutbound, WorkerRequest } from './protocol';
import { detail, exportMessages, fit, tokensOf } from './queries';
import { Running } from './running';
import { compact, countWithProvider, judge } from './runs';
import { searchMessages } from './search';
import { Session } from './session';
import { addressFragment, buildShareLinks } from './shareLinks';
import { hashTranscript } from '../share/payload';
import { warmEncoding } from './warm';

export type Handle = (request: WorkerRequest) => Promise<Replies[WorkerRequest['type']]>;

/** What a dispatcher answers from; a test may give its own estimators. */
export interface WorkerState {
  session: Session;
  estimators: Estimators;
  running: Running;
}

/** The request handler of one worker, sending progress and events through `post`. */
export function createDispatcher(
  post: (message: WorkerOutbound) => void,
  worker: WorkerState = { session: new Session(), estimators: new Estimators(), running: new Running() },
): Handle {
  const { session, estimators, running } = worker;
  const counting = (id: number): Counting => ({
    session,
    estimators,
    progress: (progress: Progress) => post({ id, type: 'progress', progress }),
  });
  const emit = (id: number) => (event: Extract<WorkerOutbound, { type: 'event' }>['event']) =>
    post({ id, type: 'event', event });

  return async (request) => {
    switch (request.type) {
      case 'load':
        return running.run(request.id, (signal) =>
          loadTranscript(counting(request.id), request, signal, (view) =>
            emit(request.id)({ type: 'estimate', view }),
          ),
        );
      case 'follow':
        return running.run(request.id, (signal) => followStep(counting(request.id), request, signal));
      case 'retokenize':
        return running.run(request.id, async (signal) => {
          session.require();
          return countView(counting(request.id), request.tokenizer, request.scale, signal);
        });
      case 'compact':
        return running.run(request.id, async (signal) => {
          session.require();
          return compact(session, estimators, request, emit(request.id), signal);
        });
      case 'judge':
        session.require();
        return running.run(request.id, (signal) => judge(session, request, signal));
      case 'count':
        session.require();
        return running.run(request.id, (signal) => countWithProvider(session, estimators, request, signal));
      case 'cancel':
        running.cancel(request.target);
        return null;
      case 'detail':
        return detail(session, request.index);
      case 'tokens':
        return tokensOf(session, request);
      case 'search':
        return session.transcript
          ? searchMessages(session.current(), request.query)
          : { hits: [], capped: false };
      case 'fit':
        return fit(session, estimators, request.settings);
      case 'export':
        return exportMessages(session, request);
      case 'share':
        return buildShareLinks(session.forShare(), request, estimators.get);
      case 'address':
        return addressFragment(session.forShare(), request.state);
      case 'hash':
        return session.transcript ? hashTranscript(session.transcript.imported.messages) : null;
      case 'open-share':
        return decodeShared(request.input);
      case 'timeline': {
        const { imported } = session.require();
        const estimator = await estimators.get(request.settings.tokenizer, request.settings.scale);
        return timelineData(imported, estimator, request.settings, request.offlineSummary);
      }
      case 'ledger-strategies':
        return running.run(request.id, async (signal) => {
          const { imported } = session.require();
          const estimator = await estimators.get(request.settings.tokenizer, request.settings.scale);
          signal.throwIfAborted();
          return ledgerStrategies(imported, estimator, request.settings, request.compaction);
        });
      case 'pin': {
        const { imported } = session.require();
        const estimator = await estimators.get(request.tokenizer, request.scale);
        session.pinned =
          request.call === null
            ? null
            : { call: request.call, messages: contextAt(imported, estimator, request.call) };
        return running.run(request.id, (signal) =>
          countView(counting(request.id), request.tokenizer, request.scale, signal),
        );
      }
      case 'breakdown': {
        const { imported } = session.require();
        const estimator = await estimators.get(request.tokenizer, request.scale);
        return breakdownAt(imported, estimator, session.current(), request.unseenTokens);
      }
      case 'warm':
        // What the page kept is used only when it is the shipped table exactly.
        return request.tokenizer === 'chars4' ? null : warmEncoding(request.tokenizer, request.stored);
      case 'cases':
        // Needs no loaded transcript: the cases bring their own sessions.
        return running.run(request.id, (signal) =>
          runCaseFiles(
            request.files,
            request.strategies,
            estimators.get,
            emit(request.id),
            signal,
            request.budgets,
          ),
        );
    }
  };
}
