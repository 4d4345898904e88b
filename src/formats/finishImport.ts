/**
 * The last step of every import, whichever path it took: pair calls with
 * results, refuse a chosen format that found nothing, and shape the result.
 */
import type { Imported } from './format';
import type { IssueLog } from './issues';
import { validateMessages } from './pairing';
import type { Detection, FormatId, ImportResult } from './types';
import { ImportError, labelOf } from './types';

const FORCED = 'chosen explicitly';

/** A format the user picked: certain by definition, and recognized as picked when nothing is found. */
export function forcedDetection(format: FormatId): Detection {
  return { format, confidence: 1, reason: FORCED };
}

export function finishImport(imported: Imported, detection: Detection, log: IssueLog): ImportResult {
  const messages = validateMessages(imported.messages, log);
  if (messages.length === 0 && detection.reason === FORCED) {
    // A forced format that finds nothing is almost always the wrong format, not an empty session.
    throw new ImportError(
      'no-messages',
      `Read as ${labelOf(detection.format)}, the file contains no messages; it is probably in another format (let the format be detected).`,
    );
  }
  if (messages.length === 0) throw noMessages(detection, log);
  const result: ImportResult = { format: detection.format, detection, messages, issues: log.issues };
  if (imported.title) result.title = imported.title;
  if (imported.usage && Object.values(imported.usage).some((v) => v !== undefined))
    result.usage = dropUndefined(imported.usage);
  // The history is the file as recorded; pairing repairs apply to the context sent now.
  if (imported.history) result.history = imported.history;
  if (imported.sourceFormat) result.sourceFormat = imported.sourceFormat;
  if (imported.unseenTokens !== undefined) result.unseenTokens = imported.unseenTokens;
  return result;
}

/** How many of the report's entries the refusal quotes: enough to say why, still one line. */
const QUOTED_ISSUES = 2;

/**
 * A file read in a format it matches, that yields nothing the model would
 * see (a Codex rollout of usage events only, a file of metadata lines) is
 * refused, not shown as an empty session: an empty result reads as "read and
 * empty" and hides that nothing here could be analyzed. The message names
 * the format it was read as and what the report says about it.
 */
function noMessages(detection: Detection, log: IssueLog): ImportError {
  const said = log.issues.slice(0, QUOTED_ISSUES).map((i) => i.message);
  const more = log.issues.length > QUOTED_ISSUES ? `; and ${log.issues.length - QUOTED_ISSUES} more` : '';
  const why = said.length ? ` (${said.join('; ')}${more})` : '';
  return new ImportError(
    'no-messages',
    `no messages: read as ${labelOf(detection.format)} (${detection.reason}), the file holds nothing the model would see${why}`,
  );
}

function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
