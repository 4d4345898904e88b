/**
 * The judge in the worker: the probes of a preview's summary, asked of the
 * provider the user chose, with every request recorded (key redacted) so the
 * page can show what was sent, like the preview's request tab.
 */
import type { Message } from '../core';
import { runProbes } from '../core/eval/runProbes';
import { createProviderSummarizer, type ProviderHttpRequest } from '../providers';
import type { JudgeResult, WorkerRequest } from './protocol';

export async function runJudge(
  messages: readonly Message[],
  request: Extract<WorkerRequest, { type: 'judge' }>,
  signal: AbortSignal,
): Promise<JudgeResult> {
  const http: ProviderHttpRequest[] = [];
  const requests: { system: string; prompt: string }[] = [];
  const judge = createProviderSummarizer(request.config, { onRequest: (req) => http.push(req) });
  const probes = await runProbes(judge, request.summary, request.items, messages, {
    signal,
    stallTimeoutMs: request.stallTimeoutMs,
    onRequest: (req) => requests.push(req),
  });
  return { probes, requests, http, judge: judge.label };
}
