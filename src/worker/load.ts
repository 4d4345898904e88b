/**
 * How a transcript becomes the one the worker holds: a paste, a file or an
 * address read as a stream through the format registry, or the next look at
 * the file the page follows. The text is kept while it streams by, for the
 * raw view of a message. A load that is cancelled or fails while counting
 * puts the worker back on the transcript before, as the page stays on it.
 */
import { importChunks } from '../formats/registry';
import { streamChunks } from '../formats/streamChunks';
import { ImportError } from '../formats/types';
import { utf8Chunks } from '../formats/utf8';
import { countView, type Counting } from './counting';
import { download } from './download';
import { FollowedFile } from './follow';
import { pacer, progressReporter } from './pacing';
import type { FollowReply, TranscriptView, WorkerRequest } from './protocol';
import { RawSource } from './rawSource';

/** A paste is read in slices of this many characters, so a large one still reports progress and can be cancelled. */
const PASTE_SLICE = 1 << 20;

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

async function* slices(text: string): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += PASTE_SLICE) yield text.slice(i, i + PASTE_SLICE);
}

/**
 * Reads, imports and counts the request's transcript, which becomes the one
 * held. `onEstimate` receives the estimated view when the exact counts are
 * not at hand.
 */
export async function loadTranscript(
  counting: Counting,
  request: Extract<WorkerRequest, { type: 'load' }>,
  signal: AbortSignal,
  onEstimate: (view: TranscriptView) => void,
): Promise<TranscriptView> {
  const { session, estimators } = counting;
  const report = progressReporter(counting.progress);
  // The ranks download and parse while the transcript is read, not after it:
  // the first exact counts wait for whichever is slower, not for both in turn.
  estimators.prefetch(request.tokenizer);
  const pieces: string[] = [];
  let chunks: AsyncIterable<string>;
  let total: number | undefined;
  const { source } = request;
  if (source.kind === 'text') {
    total = source.text.length;
    chunks = slices(source.text);
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
  // Held from here on, so a row of the estimated view can already be opened.
  const restore = session.hold({
    imported,
    raw: new RawSource(text),
    sourceName: request.sourceName,
    bytes: total ?? text.length,
  });
  try {
    return await countView(counting, request.tokenizer, request.scale, signal, onEstimate);
  } catch (error) {
    restore();
    throw error;
  }
}

/**
 * One look at the followed file. When the session changed it becomes the
 * loaded transcript, counted again: its unchanged messages are the objects
 * counted before, so only the new ones are tokenized.
 */
export async function followStep(
  counting: Counting,
  request: Extract<WorkerRequest, { type: 'follow' }>,
  signal: AbortSignal,
): Promise<FollowReply> {
  const { session } = counting;
  let followed = session.followed;
  if (!followed || request.restart || followed.name !== request.sourceName)
    followed = session.followed = new FollowedFile(request.sourceName, request.format);
  const step = await followed.step(request.file);
  const said = { event: step.event, reason: step.reason, message: step.message };
  if (!step.imported) return { ...said, view: null, compactions: [] };
  session.hold({
    imported: step.imported,
    raw: new RawSource(followed.text()),
    sourceName: request.sourceName,
    bytes: followed.bytes,
  });
  const counted = await countView(counting, request.tokenizer, request.scale, signal);
  return { ...said, view: counted, compactions: step.compactions };
}
