/**
 * The small questions the page asks about the messages it shows: one
 * message with its source line, one message token by token, how the
 * compaction input fits, an export. Each answers for the pinned context
 * while the page shows one, so a row opened in the list is the row drawn.
 */
import { prepare, type Settings } from '../core';
import { loadEncoding, loadTokenizer } from '../core/tokenizer';
import { TOKEN_VIEW_LIMIT, messageTokens, type MessageTokens } from '../core/tokenPieces';
import { exportTranscript } from '../formats/registry';
import type { Estimators } from './estimators';
import type { FitReport, MessageDetail, WorkerRequest } from './protocol';
import type { Session } from './session';

function messageAt(session: Session, index: number) {
  const message = session.current()[index];
  if (!message) throw new Error(`No message #${index}`);
  return message;
}

/** One message, with the line or JSON item it was read from. */
export function detail(session: Session, index: number): MessageDetail {
  const { raw } = session.require();
  const message = messageAt(session, index);
  return { index, message, raw: raw.get(message.source) };
}

/** One message split into its tokens; null for `chars4`, which has no tokens to show. */
export async function tokensOf(
  session: Session,
  request: Extract<WorkerRequest, { type: 'tokens' }>,
): Promise<MessageTokens | null> {
  const message = messageAt(session, request.index);
  if (request.tokenizer === 'chars4') return null;
  const [encoding, count] = await Promise.all([
    loadEncoding(request.tokenizer),
    loadTokenizer(request.tokenizer),
  ]);
  return messageTokens(message, encoding, count, TOKEN_VIEW_LIMIT);
}

/** What the compaction input would leave out under `settings`; null with nothing loaded or nothing to compact. */
export async function fit(
  session: Session,
  estimators: Estimators,
  settings: Settings,
): Promise<FitReport | null> {
  if (!session.transcript) return null;
  const estimator = await estimators.get(settings.tokenizer, settings.scale);
  const prep = prepare(session.current(), settings, estimator);
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

/** The messages shown, or the last preview's list, in one of the export formats. */
export function exportMessages(
  session: Session,
  request: Extract<WorkerRequest, { type: 'export' }>,
): string {
  const messages =
    request.which === 'compacted' ? session.lastCompacted : session.transcript && session.current();
  if (!messages)
    throw new Error(request.which === 'compacted' ? 'Run a preview first' : 'No transcript is loaded');
  return exportTranscript(messages, request.format);
}
