/** How a thrown error becomes the failure the page can act on. */
import { CompactionAbortedError, errorText, NothingToCompactError } from '../core';
import { ImportError } from '../formats/types';
import { describeProviderError } from '../providers';
import { CaseError } from '../cases/caseFile';
import type { WorkerFailure, WorkerRequest } from './protocol';

/** A thrown error as the failure the page can act on, by what was asked. */
export function failure(error: unknown, request?: WorkerRequest): WorkerFailure {
  if (error instanceof CompactionAbortedError || (error instanceof ImportError && error.code === 'aborted')) {
    return { kind: 'cancelled', message: error.message };
  }
  if (request?.type === 'compact') {
    if (error instanceof NothingToCompactError) return { kind: 'nothing-to-compact', message: error.message };
    const config = request.summarizer.mode === 'provider' ? request.summarizer.config : undefined;
    const description = describeProviderError(error, { config });
    return { kind: 'preview', message: description.title, description };
  }
  if (request?.type === 'count' || request?.type === 'judge') {
    const description = describeProviderError(error, { config: request.config });
    return { kind: 'preview', message: description.title, description };
  }
  if (error instanceof CaseError) return { kind: 'case', message: error.message };
  if (error instanceof ImportError) {
    return {
      kind: 'import',
      code: error.code as Exclude<typeof error.code, 'aborted'>,
      message: error.message,
      line: error.line,
      column: error.column,
      path: error.path,
    };
  }
  if ((error as { code?: unknown })?.code === 'network') {
    return { kind: 'import', code: 'network', message: errorText(error) };
  }
  if (request?.type === 'share' || request?.type === 'address' || request?.type === 'open-share')
    return { kind: 'share', message: errorText(error) };
  return { kind: 'internal', message: errorText(error) };
}
