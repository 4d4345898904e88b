/// <reference lib="webworker" />
/**
 * The compaction worker: imports and tokenizes transcripts off the main
 * thread, keeps the messages and their token cache, and answers small
 * requests about them. The page never holds the full message list.
 */
import {
  CompactionAbortedError,
  createEstimator,
  errorText,
  type Estimator,
  loadTokenizer,
  measuredUnseen,
  type Message,
  prepare,
  type TokenizerId,
} from '../core';
import { shapeWithCounts } from '../core/analysis';
import { loadEncoding } from '../core/tokenizer';
import { TOKEN_VIEW_LIMIT, messageTokens } from '../core/tokenPieces';
import { MAX_IMPORT_BYTES, exportTranscript, importChunks } from '../formats/registry';
import { ImportError, type ImportResult } from '../formats/types';
import { streamChunks } from '../formats/streamChunks';
import { utf8Chunks } from '../formats/utf8';
import { countExactly } from '../providers';
import { hashTranscript } from '../share/payload';
import { failure } from './failure';
import { firstLine } from './firstLine';
import { runJudge } from './judge';
import { runPreview } from './preview';
import { breakdownAt, contextAt, timelineData } from './timeline';
import type {
  Progress,
  FollowReply,
  Replies,
  TranscriptView,
  WorkerInbound,
  WorkerOutbound,
  WorkerRequest,
} from './protocol';
import { addressFragment, buildShareLinks, type LoadedForShare } from './shareLinks';
import { decodeShared } from './decodeShared';
import { FollowedFile } from './follow';
import { RawSource } from './rawSource';
import { warmEncoding } from './warm';
import { searchMessages } from './search';

declare const self: DedicatedWorkerGlobalScope;

interface Loaded {
  imported: ImportResult;
  raw: RawSource;
  sourceName: string;
  bytes: number;
}

let loaded: Loaded | null = null;
/** The context before an earlier call, while the page shows it instead of the context now. */
let pinned: { call: number; messages: Message[] } | null = null;
let viewKey = 0;

/** The messages the page shows: the pinned context, else the transcript. */
function current(): Message[] {
  return pinned?.messages ?? loaded!.imported.messages;
}
/** What a link or bundle of the loaded transcript is built from: its format and session over time too. */
function sharedLoad(from: Loaded): LoadedForShare {
  const { imported } = from;
  return {
    messages: imported.messages,
    sourceName: from.sourceName,
    bytes: from.bytes,
    format: imported.sourceFormat ?? imported.format,
    history: imported.history ?? null,
    usage: imported.usage,
  };
}

/** The list the last preview produced, for export. */
let lastCompacted: Message[] | null = null;
const estimators = new Map<TokenizerId, Estimator>();
/** Loads, recounts and previews in flight, by request id, so they can be cancelled. */
const running = new Map<number, AbortController>();

/** A server that has not started to answer in this long is taken as not answering at all… */
const URL_RESPONSE_TIMEOUT_MS = 30_000;
/** …and a download that sends nothing for this long as stalled. */
const URL_STALL_TIMEOUT_MS = 30_000;
/**
 * A long task stops this often to read its messages: a cancel is then honoured
 * at once, and the page's watchdog gets its answers.
 */
const YIELD_EVERY_MS = 25;
/**
 * A load still counting after this long sends its estimated view first. Not
 * sooner: the page would draw a large transcript twice for a gain of a moment.
 */
const ESTIMATE_AFTER_MS = 1000;

async function estimatorFor(tokenizer: TokenizerId, scale: number): Promise<Estimator> {
  let base = estimators.get(tokenizer);
  if (!base) {
    base = createEstimator(tokenizer, await loadTokenizer(tokenizer));
    estimators.set(tokenizer, base);
  }
  return scale === 1 ? base : base.withScale(scale);
}

function post(reply: WorkerOutbound): void {
  self.postMessage(reply);
}

/** A reply that cannot be copied to the page (a value nested too deeply, say) still settles its request. */
function settle(reply: WorkerOutbound & { id: number }): void {
  try {
    post(reply);
  } catch (error) {
    post({ id: reply.id, type: 'error', error: { kind: 'internal', message: errorText(error) } });
  }
}

const waiting: (() => void)[] = [];
const tasks = new MessageChannel();
tasks.port1.onmessage = () => waiting.shift()?.();

/** Resolves in a new task, after the messages already queued (a setTimeout would wait 4 ms). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    tasks.port2.postMessage(null);
  });
}

/**
 * For loops that would otherwise hold the worker for seconds: call it often
 * and await what it returns; every YIELD_EVERY_MS that is a pause that lets
 * queued messages run, then stops the task if it was cancelled meanwhile.
 */
function pacer(signal: AbortSignal): () => Promise<void> | null {
  let last = performance.now();
  return () => {
    if (performance.now() - last < YIELD_EVERY_MS) return null;
    return nextTask().then(() => {
      last = performance.now();
      if (signal.aborted) throw new ImportError('aborted', 'The import was cancelled');
    });
  };
}

/** Reports at most every 50 ms, so progress never floods the page. */
function progressReporter(id: number): (progress: Progress) => void {
  let last = 0;
  return (progress) => {
    const now = performance.now();
    if (now - last < 50 && progress.done < progress.total) return;
    last = now;
    post({ id, type: 'progress', progress });
  };
}

/** Collects the text while it streams by, so raw items can be shown later. */
async function* tee(
  chunks: AsyncIterable<string>,
  into: string[],
  pace: () => Promise<void> | null,
): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    into.push(chunk);
    yield chunk;
    await pace();
  }
}

/** Fetches a URL with reading progress; a server that does not answer or stalls is an error, not a wait. */
async function download(
  url: string,
  signal: AbortSignal,
  report: (progress: Progress) => void,
): Promise<Blob> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop);
  let timedOut: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = (ms: number, what: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = what;
      controller.abort();
    }, ms);
  };
  const failed = (what: string, error: unknown, hint = '') => {
    if (signal.aborted) return new ImportError('aborted', 'The import was cancelled');
    const message = `${url}: ${what} (${timedOut ?? errorText(error)}).${hint}`;
    return Object.assign(new Error(message), { code: 'network' });
  };
  try {
    deadline(URL_RESPONSE_TIMEOUT_MS, `the server did not answer within ${URL_RESPONSE_TIMEOUT_MS / 1000} s`);
    let response: Response;
    try {
      response = await fetch(url, { signal: controller.signal });
    } catch (error) {
      const hint = timedOut ? '' : ' The server may not allow cross-origin requests.';
      throw failed('could not be fetched', error, hint);
    }
    if (!response.ok) {
      throw Object.assign(new Error(`${url}: the server answered HTTP ${response.status}`), {
        code: 'network',
      });
    }
    // 0 when the server does not say: the page then shows the bytes read.
    const total = Number(response.headers.get('content-length')) || 0;
    const parts: Uint8Array[] = [];
    let done = 0;
    report({ phase: 'reading', done, total });
    const reader = response.body?.getReader();
    // Past the import limit the importer refuses the file anyway; stop downloading there.
    while (reader && done <= MAX_IMPORT_BYTES) {
      deadline(URL_STALL_TIMEOUT_MS, `the server sent nothing for ${URL_STALL_TIMEOUT_MS / 1000} s`);
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw failed('the download failed', error);
      }
      if (chunk.done) break;
      parts.push(chunk.value);
      done += chunk.value.byteLength;
      report({ phase: 'reading', done, total });
    }
    if (reader && done > MAX_IMPORT_BYTES) void reader.cancel().catch(() => {});
    return new Blob(parts as Uint8Array<ArrayBuffer>[]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
}

/** The view of the loaded transcript with these counts, made by `estimator`. */
function assemble(counts: number[], estimator: Estimator, previews: string[]): TranscriptView {
  const { imported, sourceName, bytes } = loaded!;
  const messages = current();
  return {
    ...shapeWithCounts(messages, counts, estimator),
    unseenTokens: measuredUnseen(messages, counts, imported.history, estimator),
    ...(pinned ? { pinnedCall: pinned.call } : {}),
    key: ++viewKey,
    // A share link's transcript arrives as our JSON; the page names the sender's format.
    format: imported.sourceFormat ?? imported.format,
    detection: imported.detection,
    issues: imported.issues,
    title: imported.title,
    usage: imported.usage,
    sourceName,
    bytes,
    tokenizer: estimator.tokenizer,
    scale: estimator.scale,
    previews,
    ...excerptsOf(current()),
  };
}

/** Which messages have none or only part of their text: the page marks them, and fixes what counted them. */
function excerptsOf(messages: readonly Message[]): { excerpts?: Record<number, 'none' | 'part'> } {
  const excerpts: Record<number, 'none' | 'part'> = {};
  let any = false;
  messages.forEach((m, i) => {
    if (!m.carried) return;
    any = true;
    if (m.carried.excerpt) excerpts[i] = m.carried.excerpt;
  });
  return any ? { excerpts } : {};
}

/**
 * The loaded transcript counted by the `chars4` rule: a pass over string
 * lengths, milliseconds even for a large file, so the bars can be drawn
 * while the exact counts are still being made.
 */
async function estimateView(
  tokenizer: TokenizerId,
  scale: number,
  previews: string[],
): Promise<TranscriptView> {
  const quick = await estimatorFor('chars4', scale);
  const counts = current().map((m) => quick.countMessage(m));
  return { ...assemble(counts, quick, previews), estimatedFor: tokenizer };
}

/**
 * Counts the loaded transcript with `tokenizer`. A load (`onEstimate` set)
 * whose exact counts are not at hand, because the tokenizer's ranks have to
 * load first or the counting runs long, sends a view from the fast estimate
 * before it, so the page draws bars at once.
 */
async function view(
  id: number,
  tokenizer: TokenizerId,
  scale: number,
  signal: AbortSignal,
  onEstimate?: (view: TranscriptView) => void,
): Promise<TranscriptView> {
  const messages = current();
  const started = performance.now();
  const report = progressReporter(id);
  const previews = messages.map(firstLine);
  let estimated = !onEstimate || tokenizer === 'chars4';
  const estimate = async () => {
    if (estimated) return;
    estimated = true;
    onEstimate!(await estimateView(tokenizer, scale, previews));
  };
  if (!estimators.has(tokenizer)) {
    await estimate();
    // Said before the ranks load: the page must not sit at "Importing 100%" meanwhile.
    if (tokenizer !== 'chars4') report({ phase: 'tokenizer', done: 0, total: 0 });
  }
  const estimator = await estimatorFor(tokenizer, scale);
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
  return assemble(counts, estimator, previews);
}

async function load(
  request: Extract<WorkerRequest, { type: 'load' }>,
  signal: AbortSignal,
): Promise<TranscriptView> {
  const report = progressReporter(request.id);
  // The ranks download and parse while the transcript is read, not after it:
  // the first exact counts wait for whichever is slower, not for both in turn.
  if (request.tokenizer !== 'chars4') loadTokenizer(request.tokenizer).catch(() => undefined);
  const pieces: string[] = [];
  let chunks: AsyncIterable<string>;
  let total: number | undefined;
  const { source } = request;
  if (source.kind === 'text') {
    total = source.text.length;
    chunks = (async function* () {
      // Sliced, so a large paste still reports progress and can be cancelled.
      for (let i = 0; i < source.text.length; i += 1 << 20) yield source.text.slice(i, i + (1 << 20));
    })();
  } else {
    const blob = source.kind === 'url' ? await download(source.url, signal, report) : source.file;
    total = blob.size;
    chunks = utf8Chunks(streamChunks(blob.stream()), request.sourceName);
  }
  const imported = await importChunks(tee(chunks, pieces, pacer(signal)), {
    format: request.format,
    fileName: request.sourceName,
    totalBytes: total,
    signal,
    onProgress: (done) => report({ phase: 'importing', done, total: total ?? done }),
  });
  if (signal.aborted) throw new ImportError('aborted', 'The import was cancelled');
  const text = pieces.join('');
  const previous = loaded;
  const mine: Loaded = {
    imported,
    raw: new RawSource(text),
    sourceName: request.sourceName,
    bytes: total ?? text.length,
  };
  // Held from here on, so a row of the estimated view can already be opened.
  const previousPin = pinned;
  loaded = mine;
  pinned = null;
  try {
    return await view(request.id, request.tokenizer, request.scale, signal, (estimate) =>
      post({ id: request.id, type: 'event', event: { type: 'estimate', view: estimate } }),
    );
  } catch (error) {
    // A load cancelled or failed while counting leaves the page on the previous
    // transcript; the worker goes back to it too.
    if (loaded === mine) {
      loaded = previous;
      pinned = previousPin;
    }
    throw error;
  }
}

/** The file the page follows, if any. */
let followed: FollowedFile | null = null;

/**
 * One look at the followed file. When the session changed it becomes the
 * loaded transcript, counted again: its unchanged messages are the objects
 * counted before, so only the new ones are tokenized.
 */
async function followStep(
  request: Extract<WorkerRequest, { type: 'follow' }>,
  signal: AbortSignal,
): Promise<FollowReply> {
  if (!followed || request.restart || followed.name !== request.sourceName)
    followed = new FollowedFile(request.sourceName, request.format);
  const step = await followed.step(request.file);
  const said = { event: step.event, reason: step.reason, message: step.message };
  if (!step.imported) return { ...said, view: null, compactions: [] };
  loaded = {
    imported: step.imported,
    raw: new RawSource(followed.text()),
    sourceName: request.sourceName,
    bytes: followed.bytes,
  };
  pinned = null;
  const counted = await view(request.id, request.tokenizer, request.scale, signal);
  return { ...said, view: counted, compactions: step.compactions };
}

async function handle(request: WorkerRequest): Promise<Replies[WorkerRequest['type']]> {
  switch (request.type) {
    case 'follow': {
      const controller = new AbortController();
      running.set(request.id, controller);
      try {
        return await followStep(request, controller.signal);
      } finally {
        running.delete(request.id);
      }
    }
    case 'load':
    case 'retokenize':
    case 'compact': {
      const controller = new AbortController();
      running.set(request.id, controller);
      try {
        if (request.type === 'load') return await load(request, controller.signal);
        if (!loaded) throw new Error('No transcript is loaded');
        if (request.type === 'retokenize')
          return await view(request.id, request.tokenizer, request.scale, controller.signal);
        const { result, compacted } = await runPreview(
          current(),
          request,
          estimatorFor,
          (event) => post({ id: request.id, type: 'event', event }),
          controller.signal,
        );
        if (!request.compare) lastCompacted = compacted;
        return result;
      } finally {
        running.delete(request.id);
      }
    }
    case 'judge': {
      if (!loaded) throw new Error('No transcript is loaded');
      const controller = new AbortController();
      running.set(request.id, controller);
      try {
        // The facts point into the messages the preview compacted: the context the page shows.
        return await runJudge(current(), request, controller.signal);
      } finally {
        running.delete(request.id);
      }
    }
    case 'count': {
      if (!loaded) throw new Error('No transcript is loaded');
      const controller = new AbortController();
      running.set(request.id, controller);
      try {
        const estimator = await estimatorFor(request.tokenizer, 1);
        return await countExactly(request.config, current(), estimator, {
          signal: controller.signal,
          timeoutMs: request.stallTimeoutMs,
        });
      } catch (error) {
        // Cancel is the user's choice, not the provider's failure: it reads as a stop.
        if (controller.signal.aborted) throw new CompactionAbortedError('Counting was stopped.');
        throw error;
      } finally {
        running.delete(request.id);
      }
    }
    case 'cancel':
      running.get(request.target)?.abort();
      return null;
    case 'detail': {
      if (!loaded) throw new Error('No transcript is loaded');
      const message = current()[request.index];
      if (!message) throw new Error(`No message #${request.index}`);
      return { index: request.index, message, raw: loaded.raw.get(message.source) };
    }
    case 'tokens': {
      if (!loaded) throw new Error('No transcript is loaded');
      const message = current()[request.index];
      if (!message) throw new Error(`No message #${request.index}`);
      if (request.tokenizer === 'chars4') return null;
      const [encoding, count] = await Promise.all([
        loadEncoding(request.tokenizer),
        loadTokenizer(request.tokenizer),
      ]);
      return messageTokens(message, encoding, count, TOKEN_VIEW_LIMIT);
    }
    case 'search':
      return loaded ? searchMessages(current(), request.query) : { hits: [], capped: false };
    case 'fit': {
      if (!loaded) return null;
      const estimator = await estimatorFor(request.settings.tokenizer, request.settings.scale);
      const prep = prepare(current(), request.settings, estimator);
      if (!prep) return null;
      return {
        omittedHistory: prep.omittedHistory,
        omittedTurnPrefix: prep.omittedTurnPrefix,
        tokensBefore: prep.tokensBefore,
        previousSummaryTokens: estimator.countString(prep.previousSummary),
        readFiles: prep.fileOps.read.length,
        modifiedFiles: prep.fileOps.modified.length,
      };
    }
    case 'export': {
      const messages = request.which === 'compacted' ? lastCompacted : loaded && current();
      if (!messages)
        throw new Error(request.which === 'compacted' ? 'Run a preview first' : 'No transcript is loaded');
      return exportTranscript(messages, request.format);
    }
    case 'share':
      if (!loaded) throw new Error('No transcript is loaded');
      return buildShareLinks(sharedLoad(loaded), request, estimatorFor);
    case 'address':
      if (!loaded) throw new Error('No transcript is loaded');
      return addressFragment(sharedLoad(loaded), request.state, estimatorFor);
    case 'hash':
      return loaded ? hashTranscript(loaded.imported.messages) : null;
    case 'open-share':
      return decodeShared(request.input);
    case 'timeline': {
      if (!loaded) throw new Error('No transcript is loaded');
      const estimator = await estimatorFor(request.settings.tokenizer, request.settings.scale);
      return await timelineData(loaded.imported, estimator, request.settings, request.offlineSummary);
    }
    case 'pin': {
      if (!loaded) throw new Error('No transcript is loaded');
      const estimator = await estimatorFor(request.tokenizer, request.scale);
      pinned =
        request.call === null
          ? null
          : { call: request.call, messages: contextAt(loaded.imported, estimator, request.call) };
      const controller = new AbortController();
      running.set(request.id, controller);
      try {
        return await view(request.id, request.tokenizer, request.scale, controller.signal);
      } finally {
        running.delete(request.id);
      }
    }
    case 'breakdown': {
      if (!loaded) throw new Error('No transcript is loaded');
      const estimator = await estimatorFor(request.tokenizer, request.scale);
      return breakdownAt(loaded.imported, estimator, current(), request.unseenTokens);
    }
    case 'warm':
      // What the page kept is used only when it is the shipped table exactly.
      return request.tokenizer === 'chars4' ? null : warmEncoding(request.tokenizer, request.stored);
  }
}

self.onmessage = (event: MessageEvent<WorkerInbound>) => {
  const request = event.data;
  // The page's watchdog: an answer means this worker is between tasks, not stuck.
  if (request.type === 'ping') {
    post({ type: 'pong' });
    return;
  }
  handle(request).then(
    (value) => settle({ id: request.id, type: 'ok', value }),
    (error: unknown) => settle({ id: request.id, type: 'error', error: failure(error, request) }),
  );
};
