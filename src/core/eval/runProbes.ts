/**
 * Asking the probes of a summary: one request for the answers, then one
 * grading request per probe the facts cannot grade. Both go through the same
 * `Summarizer` a preview uses, so a judge is any provider the user has a key
 * for, and its requests can be shown like the preview's.
 */
import { appendAll } from '../arrays';
import { CompactionAbortedError, StallError } from '../errors';
import type { Message } from '../message';
import { serializeMessage } from '../serialize';
import type { Summarizer, SummaryRequest } from '../summarizer';
import {
  GRADER_SYSTEM_PROMPT,
  JUDGE_SYSTEM_PROMPT,
  buildProbes,
  gradeByMatch,
  gradingPrompt,
  parseAnswers,
  parseVerdict,
  probePrompt,
  type ProbeResult,
} from './probes';
import type { ScoredFact } from './score';

export const PROBE_MAX_TOKENS = 1200;
const SOURCE_CHARS = 2000;

/**
 * The text around a fact: its message as the summarizer was shown it (an
 * assistant's tool calls too, where a name like a type often first appears),
 * and the assistant reply after it, where a decision is stated.
 */
export function sourceExcerpt(messages: readonly Message[], index: number): string {
  const parts: string[] = [];
  const at = messages[index];
  if (at) appendAll(parts, at.role === 'system' ? [`[System]: ${at.content}`] : serializeMessage(at));
  const reply = messages.slice(index + 1).find((m) => m.role === 'assistant' && m.content.trim());
  if (reply) parts.push(`[Assistant]: ${reply.content}`);
  const text = parts.join('\n\n');
  return text.length <= SOURCE_CHARS ? text : `${text.slice(0, SOURCE_CHARS)}…`;
}

export interface ProbeRun {
  signal?: AbortSignal;
  stallTimeoutMs: number;
  /** Each request as sent, for the page to show. */
  onRequest?: (request: { system: string; prompt: string }) => void;
}

/** One request to the judge, its answer as text; stopped by `run.signal` or a stall. */
export async function ask(judge: Summarizer, system: string, prompt: string, run: ProbeRun): Promise<string> {
  run.onRequest?.({ system, prompt });
  const controller = new AbortController();
  const onAbort = () => controller.abort(new CompactionAbortedError());
  run.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new StallError(run.stallTimeoutMs)), run.stallTimeoutMs);
  };
  const request: SummaryRequest = {
    part: 'history',
    system,
    prompt,
    maxTokens: PROBE_MAX_TOKENS,
    temperature: 0,
    signal: controller.signal,
  };
  let text = '';
  arm();
  try {
    for await (const chunk of judge.stream(request)) {
      if (chunk.type === 'text') text += chunk.text;
      if (chunk.type === 'text' || chunk.type === 'reasoning') arm();
    }
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
    run.signal?.removeEventListener('abort', onAbort);
  }
  return text;
}

/** Every probe the facts support, answered from `summary` and graded. */
export async function runProbes(
  judge: Summarizer,
  summary: string,
  items: readonly ScoredFact[],
  messages: readonly Message[],
  run: ProbeRun,
): Promise<ProbeResult[]> {
  const probes = buildProbes(items);
  if (probes.length === 0) return [];
  const answers = parseAnswers(
    await ask(judge, JUDGE_SYSTEM_PROMPT, probePrompt(summary, probes), run),
    probes.length,
  );
  const results: ProbeResult[] = [];
  for (const [i, probe] of probes.entries()) {
    const answer = answers[i];
    const matched = gradeByMatch(probe, answer);
    if (matched) {
      results.push({ ...probe, answer, ...matched });
      continue;
    }
    const source = sourceExcerpt(messages, probe.sourceIndex ?? 0);
    const reply = await ask(judge, GRADER_SYSTEM_PROMPT, gradingPrompt(probe, answer, source), run);
    results.push({ ...probe, answer, verdict: parseVerdict(reply), gradedBy: 'judge' });
  }
  return results;
}
