/// <reference lib="webworker" />
/**
 * The compaction worker: imports and tokenizes transcripts off the main
 * thread, keeps the messages and their token cache, and answers small
 * requests about them. The page never holds the full message list.
 */
import { createCompactor } from '../core/compactor';
import { createEstimator, type Estimator } from '../core/estimate';
import { CompactionAbortedError, NothingToCompactError, errorText } from '../core/errors';
import type { Message } from '../core/message';
import { boundaryFor, prepare } from '../core/prepare';
import { normalizeSettings, shouldCompact, type TokenizerId } from '../core/settings';
import type { Summarizer } from '../core/summarizer';
import { isSummaryMessage } from '../core/summaryEnvelope';
import { loadTokenizer } from '../core/tokenizer';
import { exportTranscript, importChunks } from '../formats/registry';
import { ImportError, type ImportResult } from '../formats/types';
import { utf8Chunks } from '../formats/utf8';
import { bundleFileName, encodeBundle } from '../share/bundle';
import { encodeShare } from '../share/codec';
import { buildSharePayload, hashTranscript, type SharePayload, type ShareSource } from '../share/payload';
import { redactContent } from '../share/redact';
import { redactSecrets, scanSecrets } from '../share/secrets';
import { describeProviderError, type ProviderErrorDescription } from '../providers/describeError';
import { createOfflineSummarizer } from '../providers/offline';
import { createProviderSummarizer } from '../providers/summarizer';
import type {
  ImportFailure,
  PreviewEvent,
  PreviewResult,
  Progress,
  Replies,
  ShareLinks,
  TranscriptView,
  WorkerReply,
  WorkerRequest,
} from './protocol';
import { RawSource } from './rawSource';

declare const self: DedicatedWorkerGlobalScope;

interface Loaded {
  imported: ImportResult;
  raw: RawSource;
  sourceName: string;
  bytes: number;
}

let loaded: Loaded | null = null;
let viewKey = 0;
/** The list the last preview produced, for export. */
let lastCompacted: Message[] | null = null;
/** Above this, the address bar follows a settings-only link: a full one would not fit anyway. */
const AUTO_FULL_LINK_BYTES = 1_000_000;
const estimators = new Map<TokenizerId, Estimator>();
/** Loads and previews in flight, by request id, so they can be cancelled. */
const running = new Map<number, AbortController>();

async function estimatorFor(tokenizer: TokenizerId, scale: number): Promise<Estimator> {
  let base = estimators.get(tokenizer);
  if (!base) {
    base = createEstimator(tokenizer, await loadTokenizer(tokenizer));
    estimators.set(tokenizer, base);
  }
  return scale === 1 ? base : base.withScale(scale);
}

function post(reply: WorkerReply): void {
  self.postMessage(reply);
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

async function* streamOf(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** Collects the text while it streams by, so raw items can be shown later. */
async function* tee(chunks: AsyncIterable<string>, into: string[]): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    into.push(chunk);
    yield chunk;
  }
}

function preview(message: Message): string {
  const text =
    message.content.trim() ||
    message.toolCalls?.map((c) => `${c.name}(${c.arguments.slice(0, 80)})`).join(' ') ||
    (message.reasoning ? `(thinking) ${message.reasoning.trim()}` : '') ||
    (message.images ? `(${message.images} image${message.images > 1 ? 's' : ''})` : '');
  const line = text.slice(0, 400).split('\n')[0].replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

async function view(id: number, tokenizer: TokenizerId, scale: number): Promise<TranscriptView> {
  const { imported, sourceName, bytes } = loaded!;
  const messages = imported.messages;
  const estimator = await estimatorFor(tokenizer, scale);
  const report = progressReporter(id);
  const counts = new Array<number>(messages.length);
  for (let i = 0; i < messages.length; i++) {
    counts[i] = estimator.countMessage(messages[i]);
    if ((i & 255) === 0) report({ phase: 'tokenizing', done: i, total: messages.length });
  }
  report({ phase: 'tokenizing', done: messages.length, total: messages.length });
  const roles = messages.map((m) => m.role);
  const isSummary = messages.map(isSummaryMessage);
  return {
    key: ++viewKey,
    format: imported.format,
    detection: imported.detection,
    issues: imported.issues,
    title: imported.title,
    usage: imported.usage,
    sourceName,
    bytes,
    tokenizer,
    scale,
    roles,
    counts,
    isSummary,
    previews: messages.map(preview),
    listTail: estimator.countMessages([]),
    boundary: boundaryFor(roles, isSummary),
  };
}

async function load(
  request: Extract<WorkerRequest, { type: 'load' }>,
  signal: AbortSignal,
): Promise<TranscriptView> {
  const report = progressReporter(request.id);
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
    let blob: Blob;
    if (source.kind === 'url') {
      let response: Response;
      try {
        response = await fetch(source.url, { signal });
      } catch (error) {
        if (signal.aborted) throw new ImportError('aborted', 'The import was cancelled');
        throw Object.assign(
          new Error(
            `${source.url}: could not be fetched (${errorText(error)}). The server may not allow cross-origin requests.`,
          ),
          { code: 'network' },
        );
      }
      if (!response.ok) {
        throw Object.assign(new Error(`${source.url}: the server answered HTTP ${response.status}`), {
          code: 'network',
        });
      }
      blob = await response.blob();
    } else {
      blob = source.file;
    }
    total = blob.size;
    chunks = utf8Chunks(streamOf(blob), request.sourceName);
  }
  const imported = await importChunks(tee(chunks, pieces), {
    format: request.format,
    fileName: request.sourceName,
    totalBytes: total,
    signal,
    onProgress: (done) => report({ phase: 'importing', done, total: total ?? done }),
  });
  if (signal.aborted) throw new ImportError('aborted', 'The import was cancelled');
  const text = pieces.join('');
  loaded = {
    imported,
    raw: new RawSource(text),
    sourceName: request.sourceName,
    bytes: total ?? text.length,
  };
  return view(request.id, request.tokenizer, request.scale);
}

/**
 * Runs the core's compactor over the loaded transcript with the chosen
 * summarizer, streaming what happens, and returns the compacted list as rows.
 */
async function compact(
  request: Extract<WorkerRequest, { type: 'compact' }>,
  signal: AbortSignal,
): Promise<PreviewResult> {
  if (!loaded) throw new Error('No transcript is loaded');
  const settings = normalizeSettings(request.settings);
  const estimator = await estimatorFor(settings.tokenizer, settings.scale);
  const emit = (event: PreviewEvent) => post({ id: request.id, type: 'event', event });
  const { summarizer: choice } = request;
  const inner =
    choice.mode === 'offline'
      ? createOfflineSummarizer()
      : createProviderSummarizer(choice.config, {
          onRequest: (req, part) => emit({ type: 'provider-request', part, request: req }),
          onEvent: (event, part) => emit({ type: 'provider-event', part, event }),
        });
  // Failed calls are described as they happen, so a degraded result can say why in plain words.
  const problems: ProviderErrorDescription[] = [];
  const config = choice.mode === 'provider' ? choice.config : undefined;
  const summarizer: Summarizer = {
    label: inner.label,
    async *stream(req) {
      try {
        yield* inner.stream(req);
      } catch (error) {
        if (!req.signal.aborted) {
          const description = describeProviderError(error, { config });
          if (!problems.some((p) => p.title === description.title)) problems.push(description);
        }
        throw error;
      }
    },
  };
  const compactor = createCompactor(summarizer, estimator, settings);
  if (!compactor) throw new Error('Compaction needs a context window: set one above 0.');
  let estimatedPromptTokens = 0;
  const messages = loaded.imported.messages;
  const result = await compactor.compact(messages, {
    reason: request.reason,
    instructions: request.instructions,
    signal,
    onEvent: (event) => {
      if (event.type === 'request')
        estimatedPromptTokens += estimator.countString(event.system) + estimator.countString(event.prompt);
      emit(event);
    },
  });
  lastCompacted = result.messages;
  const origin = new Map(messages.map((m, i) => [m, i]));
  return {
    summarizer: summarizer.label,
    offline: choice.mode === 'offline',
    summary: result.summary,
    reason: result.reason,
    degraded: result.degraded,
    splitTurn: result.splitTurn,
    omitted: result.omitted,
    failures: result.failures,
    problems: result.degraded ? problems : [],
    checkpoint: result.checkpoint,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
    messagesBefore: result.messagesBefore,
    messagesAfter: result.messagesAfter,
    wouldCompactAgain: shouldCompact({ ...settings, enabled: true }, result.tokensAfter),
    estimatedPromptTokens,
    usage: result.usage,
    model: result.model,
    responseId: result.responseId,
    rows: result.messages.map((m) => ({
      role: m.role,
      tokens: estimator.countMessage(m),
      preview: preview(m),
      isSummary: isSummaryMessage(m),
      from: origin.get(m) ?? null,
    })),
  };
}

/** Full and settings-only links for the loaded transcript and the page state. */
async function share(request: Extract<WorkerRequest, { type: 'share' }>): Promise<ShareLinks> {
  if (!loaded) throw new Error('No transcript is loaded');
  const { state, options } = request;
  const source: ShareSource = {
    messages: loaded.imported.messages,
    transcriptName: loaded.sourceName,
    settings: state.settings,
    provider: state.provider,
    selectedIndex: state.selectedIndex,
    preview: state.preview,
  };
  const tooBigForAddressBar = options.mode === 'auto' && loaded.bytes > AUTO_FULL_LINK_BYTES;
  let full = tooBigForAddressBar ? null : await buildSharePayload(source, 'full');
  let settingsOnly = await buildSharePayload(source, 'settings-only');
  const findings = full ? scanSecrets(full) : scanSecrets(settingsOnly);
  if (options.redactSecrets) {
    full = full && redactSecrets(full);
    settingsOnly = redactSecrets(settingsOnly);
  }
  let redactionMisses = 0;
  if (full && options.redactContent) {
    const settings = normalizeSettings(state.settings);
    const redacted = redactContent(full, await estimatorFor(settings.tokenizer, settings.scale));
    full = redacted.payload;
    redactionMisses = redacted.misses.length;
  }
  const attempt = async (payload: SharePayload | null, why: string) => {
    if (!payload) return { error: why };
    try {
      return { fragment: await encodeShare(payload) };
    } catch (error) {
      return { error: errorText(error) };
    }
  };
  let bundle: ShareLinks['bundle'] = {
    error: 'The transcript is too large for the address bar; open the share dialog for a bundle.',
  };
  if (full && options.mode === 'both') {
    try {
      bundle = { text: encodeBundle(full), fileName: bundleFileName(full) };
    } catch (error) {
      bundle = { error: errorText(error) };
    }
  }
  return {
    full: await attempt(full, 'The transcript is too large to follow in the address bar.'),
    settingsOnly: await attempt(settingsOnly, ''),
    findings: findings.map((f) => ({
      label: f.label,
      where:
        f.messageIndex !== undefined && f.messageIndex !== null
          ? `message #${f.messageIndex} (${f.field})`
          : f.path,
      preview: f.preview,
    })),
    bundle,
    redactionMisses,
  };
}

function failure(error: unknown, request?: WorkerRequest): ImportFailure {
  if (request?.type === 'compact') {
    if (error instanceof NothingToCompactError) return { code: 'nothing-to-compact', message: error.message };
    const config = request.summarizer.mode === 'provider' ? request.summarizer.config : undefined;
    const description = describeProviderError(error, { config });
    return {
      code: error instanceof CompactionAbortedError ? 'aborted' : 'compact',
      message: description.title,
      description,
    };
  }
  if (error instanceof ImportError) {
    return {
      code: error.code,
      message: error.message,
      line: error.line,
      column: error.column,
      path: error.path,
    };
  }
  const code = (error as { code?: unknown })?.code;
  return { code: code === 'network' ? 'network' : 'worker', message: errorText(error) };
}

async function handle(request: WorkerRequest): Promise<Replies[WorkerRequest['type']]> {
  switch (request.type) {
    case 'load':
    case 'compact': {
      const controller = new AbortController();
      running.set(request.id, controller);
      try {
        return request.type === 'load'
          ? await load(request, controller.signal)
          : await compact(request, controller.signal);
      } finally {
        running.delete(request.id);
      }
    }
    case 'cancel':
      running.get(request.target)?.abort();
      return null;
    case 'retokenize':
      if (!loaded) throw new Error('No transcript is loaded');
      return view(request.id, request.tokenizer, request.scale);
    case 'detail': {
      if (!loaded) throw new Error('No transcript is loaded');
      const message = loaded.imported.messages[request.index];
      if (!message) throw new Error(`No message #${request.index}`);
      return { index: request.index, message, raw: loaded.raw.get(message.source) };
    }
    case 'search': {
      if (!loaded) return [];
      const needle = request.query.trim().toLowerCase();
      if (!needle) return [];
      const hits: number[] = [];
      loaded.imported.messages.forEach((m, i) => {
        if (hits.length >= 10000) return;
        const hay = `${m.content}\n${m.reasoning ?? ''}\n${m.toolCalls?.map((c) => `${c.name} ${c.arguments}`).join('\n') ?? ''}`;
        if (hay.toLowerCase().includes(needle)) hits.push(i);
      });
      return hits;
    }
    case 'fit': {
      if (!loaded) return null;
      const estimator = await estimatorFor(request.settings.tokenizer, request.settings.scale);
      const prep = prepare(loaded.imported.messages, request.settings, estimator);
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
      const messages = request.which === 'compacted' ? lastCompacted : loaded?.imported.messages;
      if (!messages)
        throw new Error(request.which === 'compacted' ? 'Run a preview first' : 'No transcript is loaded');
      return exportTranscript(messages, request.format);
    }
    case 'share':
      return share(request);
    case 'hash':
      return loaded ? hashTranscript(loaded.imported.messages) : null;
  }
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  handle(request).then(
    (value) => post({ id: request.id, type: 'ok', value }),
    (error: unknown) => post({ id: request.id, type: 'error', error: failure(error, request) }),
  );
};
