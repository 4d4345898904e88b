/// <reference lib="webworker" />
/**
 * The compaction worker: imports and tokenizes transcripts off the main
 * thread, keeps the messages and their token cache, and answers small
 * requests about them. The page never holds the full message list.
 */
import { createEstimator, type Estimator } from '../core/estimate';
import { CompactionAbortedError, NothingToCompactError, errorText } from '../core/errors';
import type { Message } from '../core/message';
import { prepare } from '../core/prepare';
import { shapeOf } from '../core/analysis';
import type { TokenizerId } from '../core/settings';
import { loadTokenizer } from '../core/tokenizer';
import { exportTranscript, importChunks } from '../formats/registry';
import { ImportError, type ImportResult } from '../formats/types';
import { utf8Chunks } from '../formats/utf8';
import { describeProviderError } from '../providers/describeError';
import { hashTranscript } from '../share/payload';
import { firstLine } from './firstLine';
import { runPreview } from './preview';
import type {
  ImportFailure,
  Progress,
  Replies,
  TranscriptView,
  WorkerReply,
  WorkerRequest,
} from './protocol';
import { buildShareLinks } from './shareLinks';
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

async function view(id: number, tokenizer: TokenizerId, scale: number): Promise<TranscriptView> {
  const { imported, sourceName, bytes } = loaded!;
  const messages = imported.messages;
  const estimator = await estimatorFor(tokenizer, scale);
  const report = progressReporter(id);
  const shape = shapeOf(messages, estimator, (done) =>
    report({ phase: 'tokenizing', done, total: messages.length }),
  );
  return {
    ...shape,
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
    previews: messages.map(firstLine),
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
        if (request.type === 'load') return await load(request, controller.signal);
        if (!loaded) throw new Error('No transcript is loaded');
        const { result, compacted } = await runPreview(
          loaded.imported.messages,
          request,
          estimatorFor,
          (event) => post({ id: request.id, type: 'event', event }),
          controller.signal,
        );
        lastCompacted = compacted;
        return result;
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
      if (!loaded) throw new Error('No transcript is loaded');
      return buildShareLinks(
        { messages: loaded.imported.messages, sourceName: loaded.sourceName, bytes: loaded.bytes },
        request,
        estimatorFor,
      );
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
