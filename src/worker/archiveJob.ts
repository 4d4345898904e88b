/**
 * What one of the page's archive workers does with a request: the session
 * read into its row (`src/archive`, the command line's code), bytes reported
 * as they are read, and, for "Replay all", the same imported session replayed
 * under the page's settings: each file is imported once per request, never a
 * second time for its replay. Nothing of a file stays here once its row is
 * posted.
 */
import { readSession } from '../archive/read';
import { archiveReplay, type ArchiveReplay } from '../archive/replay';
import type { RowResult } from '../archive/row';
import {
  errorText,
  loadEstimator,
  normalizeSettings,
  type Estimator,
  type SettingsFields,
  type TokenizerId,
} from '../core';
import type { ImportResult } from '../formats/types';
import { readerOf } from './archiveReader';
import type { ArchiveReply, ArchiveRequest } from './archiveProtocol';

const estimators = new Map<string, Promise<Estimator>>();
function estimatorFor(tokenizer: TokenizerId, scale: number): Promise<Estimator> {
  const key = `${tokenizer}×${scale}`;
  let found = estimators.get(key);
  if (!found) estimators.set(key, (found = loadEstimator(tokenizer, scale)));
  return found;
}

/** The session replayed under `settings`: what that strategy and threshold would have done. */
async function replayed(
  imported: ImportResult | null,
  settings: SettingsFields,
  row: RowResult,
): Promise<ArchiveReplay | null> {
  if (imported === null || row.kind !== 'row' || row.row.error !== undefined) return null;
  const normalized = normalizeSettings(settings);
  const estimator = await estimatorFor(normalized.tokenizer, normalized.scale);
  return archiveReplay(imported, settings, estimator, row.row.model);
}

/** Answers `request` through `post`: bytes as they are read, then its row (and replay), or its failure. */
export async function answerArchive(
  request: ArchiveRequest,
  post: (reply: ArchiveReply) => void,
): Promise<void> {
  try {
    const reader = readerOf(request.source);
    const tokenizer = request.replay ? normalizeSettings(request.replay).tokenizer : 'o200k_base';
    let pending = 0;
    // Kept only for a replay, which reads the session the row was made from.
    let imported: ImportResult | null = null;
    const result = await readSession(
      reader,
      { path: request.path, place: request.place, size: request.size ?? null },
      {
        estimator: () => estimatorFor(tokenizer, 1),
        // Bytes are reported a megabyte at a time: progress without a message per chunk.
        onBytes: (n) => {
          pending += n;
          if (pending >= 1 << 20) {
            post({ id: request.id, type: 'bytes', bytes: pending });
            pending = 0;
          }
        },
        ...(request.replay ? { onImported: (session: ImportResult) => (imported = session) } : {}),
      },
    );
    if (pending) post({ id: request.id, type: 'bytes', bytes: pending });
    const replay = request.replay ? await replayed(imported, request.replay, result) : undefined;
    post({ id: request.id, type: 'done', result, ...(replay !== undefined ? { replay } : {}) });
  } catch (error) {
    post({ id: request.id, type: 'failed', error: errorText(error) });
  }
}
