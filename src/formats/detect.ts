/**
 * Format detection: every importer bids on the first records of a JSONL file
 * or on a parsed JSON value, and the most confident bid wins, with a reason a
 * user can check against the file. Cheap: nothing is imported to decide.
 */
import { JSON_IMPORTERS, JSONL_IMPORTERS } from './importers';
import { startsLikeJson, stripBom } from './inputChecks';
import { describeShape, isRecord } from './json';
import { parseLine } from './jsonl';
import { detectTextFormat } from './textFormats';
import type { Detection } from './types';

/** How many leading records a JSONL sniffer sees. */
export const SNIFF_RECORDS = 25;

/** The first lines of a JSONL file, or the top-level shape of a JSON value. May throw on hostile input. */
export function detectText(text: string): Detection {
  const body = stripBom(text);
  if (body.trim() === '') return { format: 'text', confidence: 0, reason: 'the text is empty' };
  if (!startsLikeJson(body)) return detectTextFormat(body);
  const firstLineEnd = body.indexOf('\n');
  const first = parseLine(firstLineEnd === -1 ? body : body.slice(0, firstLineEnd));
  if (first.ok && firstLineEnd !== -1 && body.slice(firstLineEnd).trim() !== '') {
    const records: unknown[] = [];
    let start = 0;
    for (let n = 0; n < SNIFF_RECORDS * 2 && records.length < SNIFF_RECORDS && start < body.length; n++) {
      const nl = body.indexOf('\n', start);
      const parsed = parseLine(body.slice(start, nl === -1 ? body.length : nl).trim() || 'null');
      if (parsed.ok && parsed.value !== null) records.push(parsed.value);
      if (nl === -1) break;
      start = nl + 1;
    }
    return detectRecords(records) ?? detectJsonValue(records) ?? unknownJson(records);
  }
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return {
      format: 'text',
      confidence: 0,
      reason: `looks like JSON but does not parse (${(error as Error).message})`,
    };
  }
  return detectSingleValue(value) ?? unknownJson(value);
}

function unknownJson(value: unknown): Detection {
  return {
    format: 'text',
    confidence: 0,
    reason: `valid JSON but no known transcript shape (${describeShape(value)})`,
  };
}

function best(candidates: (Detection | null)[]): Detection | null {
  let top: Detection | null = null;
  for (const candidate of candidates)
    if (candidate && (!top || candidate.confidence > top.confidence)) top = candidate;
  return top;
}

export function detectJsonValue(value: unknown): Detection | null {
  return best(JSON_IMPORTERS.map((importer) => safeDetect(() => importer.detect(value))));
}

export function detectRecords(records: readonly unknown[]): Detection | null {
  return best(JSONL_IMPORTERS.map((importer) => safeDetect(() => importer.detectRecords(records))));
}

/** A one-line JSONL file and a minified JSON file look the same: let both kinds of format bid. */
export function detectSingleValue(value: unknown): Detection | null {
  const asRecords = isRecord(value) ? detectRecords([value]) : null;
  return best([asRecords, detectJsonValue(value)]);
}

/** One importer's sniffer failing on odd input must not stop the others from bidding. */
export function safeDetect(run: () => Detection | null): Detection | null {
  try {
    return run();
  } catch {
    return null;
  }
}
