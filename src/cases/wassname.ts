/**
 * A case folder in the published pi benchmark's layout (docs/cases.md, "The
 * published layout"): a pi session `source.jsonl` rewound to before its first
 * compaction, and `gold.json` (schema version 2) with a question, a gold
 * answer, the id of the entry that proves it and a verbatim quote from that
 * entry, each fact in the region before the first kept entry or in the kept
 * tail. Read into the same `LoadedCase` a `*.case.json` makes, cut where pi
 * cut: at the compaction's first kept entry.
 *
 * Pure: the caller reads the two files and hands their text here.
 */
import * as v from 'valibot';
import type { Message } from '../core';
import { importTranscript } from '../formats/registry';
import { ImportError } from '../formats/types';
import {
  CaseError,
  issueText,
  messageText,
  type CaseProbe,
  type GoldFact,
  type LoadedCase,
} from './caseFile';
import { sha256Hex } from './pins';

export const GOLD_FILE = 'gold.json';
export const SOURCE_FILE = 'source.jsonl';

/** The two regions of the published schema, and what each is here. */
const REGIONS = ['pre_first_kept', 'retained_tail_control'] as const;
type Region = (typeof REGIONS)[number];
const SIDE: Readonly<Record<Region, GoldFact['side']>> = {
  pre_first_kept: 'before',
  retained_tail_control: 'after',
};

const text = (what: string) =>
  v.pipe(v.string(`${what} must be a string`), v.minLength(1, `${what} must not be empty`));

// Loose objects: the published files carry fields this reader has no use for (a model's candidate quote, review notes).
const GoldFactSchema = v.looseObject({
  id: text('id'),
  question: text('question'),
  gold_answer: text('gold_answer'),
  source_entry_id: text('source_entry_id'),
  evidence_quote: text('evidence_quote'),
  source_region: v.picklist(REGIONS, `source_region must be one of ${REGIONS.join(', ')}`),
  manual_review: v.optional(v.looseObject({ tail_leakage_review: v.optional(v.string()) })),
});

const GoldSchema = v.looseObject({
  schema_version: v.literal(2, 'schema_version must be 2 (the version this reader knows)'),
  fixture: v.optional(text('fixture')),
  source_sha256: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'source_sha256 must be 64 lower-case hex digits')),
  ),
  first_kept_entry_id: v.optional(text('first_kept_entry_id')),
  facts: v.pipe(v.array(GoldFactSchema), v.minLength(1, 'facts must name at least one fact')),
});

export type GoldInput = v.InferOutput<typeof GoldSchema>;
type GoldFactInput = GoldInput['facts'][number];

/** The texts of one folder in the published layout, named as the reader should name them in errors. */
export interface PublishedFolder {
  /** The folder, as given; the case's file and session are named under it. */
  dir: string;
  gold: string;
  source: string;
}

/** A fixture's name as a case id: lower case letters, digits and `-`. */
export function caseIdOf(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'published-case';
}

const shortened = (text: string) => (text.length > 100 ? `${text.slice(0, 99)}…` : text);

function parseGold(file: string, json: string): GoldInput {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    throw new CaseError(`${file}: not JSON (${(error as Error).message})`);
  }
  const parsed = v.safeParse(GoldSchema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const keys = (issue.path ?? []).map((item) => String(item.key)).join('.') || '(top level)';
    throw new CaseError(`${file}: ${keys}: ${issueText(issue)}`);
  }
  return parsed.output;
}

interface SourceEntry {
  id: string | undefined;
  type: string | undefined;
  firstKeptEntryId: string | undefined;
  line: number;
}

/** Each line's entry id, type and (on a compaction) first kept entry; a line that is not JSON is left to the importer. */
function sourceEntries(source: string): SourceEntry[] {
  return source.split('\n').flatMap((line, i) => {
    if (!line.trim()) return [];
    try {
      const record = JSON.parse(line) as Record<string, unknown>;
      const str = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
      return [{ id: str('id'), type: str('type'), firstKeptEntryId: str('firstKeptEntryId'), line: i + 1 }];
    } catch {
      return [];
    }
  });
}

/**
 * The session as pi had it when it first compacted, and that compaction's
 * first kept entry. A `source.jsonl` of the published layout already stops
 * before it (gold.json names the entry); a whole session is cut at the line
 * of its first recorded compaction, as the benchmark's own slicing does.
 */
function forkAtFirstCompaction(
  folder: PublishedFolder,
  gold: GoldInput,
): { source: string; firstKept: string; entries: SourceEntry[] } {
  const entries = sourceEntries(folder.source);
  const compaction = entries.find((e) => e.type === 'compaction');
  const firstKept = gold.first_kept_entry_id ?? compaction?.firstKeptEntryId;
  if (firstKept === undefined)
    throw new CaseError(
      `${folder.dir}/${GOLD_FILE}: no cut: it names no first_kept_entry_id and ${SOURCE_FILE} records no compaction`,
    );
  if (!compaction) return { source: folder.source, firstKept, entries };
  const lines = folder.source.split('\n').slice(0, compaction.line - 1);
  return {
    source: lines.join('\n'),
    firstKept,
    entries: entries.filter((e) => e.line < compaction.line),
  };
}

/**
 * The message an entry id stands for: the message of that entry, or, for an
 * entry that sends nothing (a model change), the first message after it.
 */
function messageOfEntry(messages: readonly Message[], entries: readonly SourceEntry[], id: string): number {
  const exact = messages.findIndex((m) => m.id === id);
  if (exact !== -1) return exact;
  const line = entries.find((e) => e.id === id)?.line;
  if (line === undefined) return -1;
  return messages.findIndex((m) => (m.source?.line ?? 0) > line);
}

function verifyFact(
  where: string,
  fact: GoldFactInput,
  messages: readonly Message[],
  entries: readonly SourceEntry[],
  cut: number,
): GoldFact {
  const index = messages.findIndex((m) => m.id === fact.source_entry_id);
  if (index === -1)
    throw new CaseError(
      entries.some((e) => e.id === fact.source_entry_id)
        ? `${where}: entry ${fact.source_entry_id} sends no message to the model, so its quote cannot be kept`
        : `${where}: source_entry_id ${fact.source_entry_id} is not an entry of ${SOURCE_FILE}`,
    );
  if (!messageText(messages[index]).includes(fact.evidence_quote))
    throw new CaseError(
      `${where}: evidence_quote is not verbatim in entry ${fact.source_entry_id}: "${fact.evidence_quote.slice(0, 80)}"`,
    );
  const side = SIDE[fact.source_region];
  if (index < cut !== (side === 'before'))
    throw new CaseError(
      `${where}: source_region is ${fact.source_region} but entry ${fact.source_entry_id} is ${index < cut ? 'before' : 'in'} the kept tail`,
    );
  return {
    id: caseIdOf(fact.id),
    kind: 'constraint',
    // Offline, the verbatim quote is what a compacted context must still name; the gold answer is the judge's.
    text: fact.evidence_quote,
    side,
    message: index,
    quote: fact.evidence_quote,
  };
}

/**
 * One folder of the published layout as a case: its facts checked against
 * the session (the entry exists, the quote is verbatim in it, on the side of
 * the cut its region says) and its session against the hash gold.json
 * recorded, so a moved or edited session is refused rather than scored.
 */
export async function loadPublishedCase(folder: PublishedFolder): Promise<LoadedCase> {
  const goldFile = `${folder.dir}/${GOLD_FILE}`;
  const sessionFile = `${folder.dir}/${SOURCE_FILE}`;
  const gold = parseGold(goldFile, folder.gold);
  const actual = await sha256Hex(folder.source);
  if (gold.source_sha256 !== undefined) {
    if (actual !== gold.source_sha256)
      throw new CaseError(
        `${sessionFile}: its sha256 is ${actual}, but ${GOLD_FILE} was written for ${gold.source_sha256}: the session was edited or replaced`,
      );
  }
  const forked = forkAtFirstCompaction(folder, gold);
  let messages: Message[];
  try {
    messages = importTranscript(forked.source, { format: 'pi', fileName: SOURCE_FILE }).messages;
  } catch (error) {
    if (error instanceof ImportError) throw new CaseError(`${sessionFile}: ${error.message}`);
    throw error;
  }
  const cut = messageOfEntry(messages, forked.entries, forked.firstKept);
  if (cut < 1)
    throw new CaseError(
      `${goldFile}: the first kept entry ${forked.firstKept} ${cut === 0 ? 'is the first message: nothing is before it' : `is not an entry of ${SOURCE_FILE}`}`,
    );
  const seen = new Set<string>();
  const facts = gold.facts.map((fact) => {
    const where = `${goldFile}: fact ${fact.id} ("${shortened(fact.question)}")`;
    // Ids are compared as the case will name them: `Fact_1` and `fact-1` are one id here.
    if (seen.has(caseIdOf(fact.id))) throw new CaseError(`${where}: the id is used twice`);
    seen.add(caseIdOf(fact.id));
    return verifyFact(where, fact, messages, forked.entries, cut);
  });
  const probes: CaseProbe[] = gold.facts
    .filter((f) => f.source_region === 'pre_first_kept')
    .map((f) => ({
      kind: 'recall',
      question: f.question,
      expected: [f.gold_answer],
      evidence: f.evidence_quote,
    }));
  return {
    id: caseIdOf(gold.fixture ?? folder.dir.split('/').filter(Boolean).at(-1) ?? ''),
    description: `${gold.fixture ?? folder.dir}: published layout, cut at entry ${forked.firstKept}`,
    file: goldFile,
    sessionFile,
    messages,
    cuts: [cut],
    sha256: actual,
    notices: [],
    facts,
    probes,
  };
}
