/**
 * The view the page draws: the held messages counted with the chosen
 * tokenizer, with everything the page shows about them. Exact counts can take
 * seconds (the tokenizer's ranks load first, and a large session takes long
 * to count), so a load that would make the page wait sends a view counted by
 * the `chars4` rule first, marked with the tokenizer it stands in for.
 */
import { measureUnseen, type Estimator, type Message, type TokenizerId } from '../core';
import { shapeWithCounts } from '../core/analysis';
import { labUnseenOf } from '../core/harness/measured';
import { ImportError } from '../formats/types';
import type { Estimators } from './estimators';
import { firstLine } from './firstLine';
import { pacer, progressReporter } from './pacing';
import type { Progress, TranscriptView } from './protocol';
import type { Session } from './session';

/**
 * A load still counting after this long sends its estimated view first. Not
 * sooner: the page would draw a large transcript twice for a gain of a moment.
 */
export const ESTIMATE_AFTER_MS = 1000;

/** What counting needs of the worker: the held messages, the estimators and where the request's progress goes. */
export interface Counting {
  session: Session;
  estimators: Estimators;
  progress: (progress: Progress) => void;
}

/** Which messages have none or only part of their text: the page marks them, and fixes what counted them. */
export function excerptsOf(messages: readonly Message[]): { excerpts?: Record<number, 'none' | 'part'> } {
  const excerpts: Record<number, 'none' | 'part'> = {};
  let any = false;
  messages.forEach((m, i) => {
    if (!m.carried) return;
    any = true;
    if (m.carried.excerpt) excerpts[i] = m.carried.excerpt;
  });
  return any ? { excerpts } : {};
}

/** The view of the held messages with these counts, made by `estimator`. */
function assemble(
  session: Session,
  counts: number[],
  estimator: Estimator,
  previews: string[],
): TranscriptView {
  const { imported, sourceName, bytes } = session.require();
  const messages = session.current();
  const pinned = session.pinned;
  const unseen = measureUnseen(messages, counts, imported.history, estimator);
  // A share link's transcript arrives as our JSON; the page names the sender's format.
  const format = imported.sourceFormat ?? imported.format;
  return {
    ...shapeWithCounts(messages, counts, estimator),
    // A link's transcript without its usage per call brings the sender's measurement instead.
    unseenTokens: unseen?.inferredTokens ?? imported.unseenTokens ?? null,
    lastCallTokens: unseen?.lastCallTokens ?? null,
    labTokens: labUnseenOf(imported),
    ...(pinned ? { pinnedCall: pinned.call } : {}),
    recordedCompactions: imported.history?.compactions.length ?? 0,
    key: session.nextViewKey(),
    format,
    detection: imported.detection,
    issues: imported.issues,
    title: imported.title,
    usage: imported.usage,
    sourceName,
    bytes,
    tokenizer: estimator.tokenizer,
    scale: estimator.scale,
    previews,
    ...excerptsOf(messages),
  };
}

/**
 * The held messages counted by the `chars4` rule: a pass over string
 * lengths, milliseconds even for a large file, so the bars can be drawn
 * while the exact counts are still being made.
 */
async function estimateView(
  { session, estimators }: Counting,
  tokenizer: TokenizerId,
  scale: number,
  previews: string[],
): Promise<TranscriptView> {
  const quick = await estimators.get('chars4', scale);
  const counts = session.current().map((m) => quick.countMessage(m));
  return { ...assemble(session, counts, quick, previews), estimatedFor: tokenizer };
}

/**
 * `pending`, or an abort as soon as `signal` says Cancel: the tokenizer's
 * table takes seconds to download and build, and a Cancel meanwhile must
 * stop the request at once, not when the table is there. The table goes on
 * loading, and is ready for the next request that needs it.
 */
export function untilCancelled<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  const aborted = () => new ImportError('aborted', 'The import was cancelled');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(aborted());
    signal.addEventListener('abort', stop, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/**
 * Counts the held messages with `tokenizer`. A load (`onEstimate` set)
 * whose exact counts are not at hand, because the tokenizer's ranks have to
 * load first or the counting runs long, sends a view from the fast estimate
 * before it, so the page draws bars at once.
 */
export async function countView(
  counting: Counting,
  tokenizer: TokenizerId,
  scale: number,
  signal: AbortSignal,
  onEstimate?: (view: TranscriptView) => void,
): Promise<TranscriptView> {
  const { session, estimators } = counting;
  const report = progressReporter(counting.progress);
  const messages = session.current();
  const started = performance.now();
  const previews = messages.map(firstLine);
  let estimated = !onEstimate || tokenizer === 'chars4';
  const estimate = async () => {
    if (estimated) return;
    estimated = true;
    onEstimate!(await estimateView(counting, tokenizer, scale, previews));
  };
  if (!estimators.has(tokenizer)) {
    await estimate();
    // Said before the ranks load: the page must not sit at "Importing 100%" meanwhile.
    if (tokenizer !== 'chars4') report({ phase: 'tokenizer', done: 0, total: 0 });
  }
  const estimator = await untilCancelled(estimators.get(tokenizer, scale), signal);
  // Said before the first count: one pathological message must not leave the page at "Importing 100%".
  report({ phase: 'tokenizing', done: 0, total: messages.length });
  const pace = pacer(signal);
  const counts = new Array<number>(messages.length);
  for (let i = 0; i < messages.length; i++) {
    counts[i] = estimator.countMessage(messages[i]);
    report({ phase: 'tokenizing', done: i + 1, total: messages.length });
    const pause = pace();
    if (pause) {
      if (performance.now() - started > ESTIMATE_AFTER_MS) await estimate();
      await pause;
    }
  }
  return assemble(session, counts, estimator, previews);
}
