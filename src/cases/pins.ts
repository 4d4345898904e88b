/**
 * A case pinned to its session: the session file's sha256, and beside each
 * message index the case uses (a numeric cut, a fact's evidence) the id the
 * importer gives that message (Claude Code's `uuid`, pi's entry `id`, …).
 * Indexes alone silently point at other messages once a session is edited,
 * re-exported or imported by a newer importer that numbers it differently;
 * the pins make each of these an error that says what moved, or (same file,
 * other numbering) follow the ids.
 */
import type { Message } from '../core/message';

/** A cut once loaded: `auto`, or a message index. */
type Cut = 'auto' | number;

/** What of a case file the pins read and write. */
export interface PinnedInput {
  id: string;
  sha256?: string;
  /** A numeric cut's message id, by the cut as written. */
  cutIds?: Record<string, string>;
  /** As written: a recorded cut is resolved by the fork, not pinned. */
  cuts: readonly unknown[];
  facts: readonly { id: string; evidence: { message: number; id?: string } }[];
}

/** The pins do not hold: the message names the case, the session and what moved. */
export class PinError extends Error {
  override name = 'PinError';
}

/** SHA-256 of the session's text as UTF-8 (its bytes, for a UTF-8 file), lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What the pins made of a case's indexes: each numeric cut and fact index where its id now sits. */
export interface Pinned {
  cuts: Cut[];
  /** Each fact's message index, in the order of the case's facts. */
  factMessages: number[];
  /** Said once on stderr when the case loads: not pinned, or indexes followed to their ids. */
  notices: string[];
}

interface Pin {
  /** "cut 13", "fact parser-file". */
  what: string;
  index: number;
  id: string | undefined;
}

const short = (sha: string) => sha.slice(0, 12);

/**
 * Checks a case's pins against its session (`messages`: the case's messages,
 * the fork's when it forks at a recorded compaction). Without pins the case
 * loads as written, with a notice. A different sha256 is an error that says
 * which pinned ids moved or are gone; the same sha256 with ids at other
 * indexes (the importer numbers the file differently) follows the ids.
 */
export function checkPins(
  file: string,
  input: PinnedInput,
  session: { sessionFile: string; sha256: string },
  messages: readonly Message[],
  cuts: readonly Cut[],
): Pinned {
  const where = `${file}: case ${input.id}`;
  const cutIds = input.cutIds ?? {};
  const written = input.cuts.flatMap((c, i) => (typeof c === 'number' ? [i] : []));
  const pins: Pin[] = [
    ...written.map((i) => {
      const c = input.cuts[i] as number;
      return { what: `cut ${c}`, index: c, id: cutIds[String(c)] };
    }),
    ...input.facts.map((f) => ({ what: `fact ${f.id}`, index: f.evidence.message, id: f.evidence.id })),
  ];
  const unpinned = input.sha256 === undefined || pins.some((p) => p.id === undefined);
  if (unpinned)
    return {
      cuts: [...cuts],
      factMessages: input.facts.map((f) => f.evidence.message),
      notices: [
        `${where}: not pinned to its session (no sha256 or message ids): cases --pin writes them, so an edited session is caught`,
      ],
    };
  const at = new Map(messages.map((m, i) => [m.id, i]));
  const moved = pins.filter((p) => messages[p.index]?.id !== p.id);
  const gone = moved.filter((p) => !at.has(p.id!));
  const movedText = (p: Pin) =>
    at.has(p.id!)
      ? `${p.what}: message ${p.index} is now ${at.get(p.id!)} (id ${p.id})`
      : `${p.what}: id ${p.id} (message ${p.index}) is no longer in the session`;
  if (input.sha256 !== session.sha256) {
    const what = moved.length
      ? moved.map(movedText).join('; ')
      : 'every pinned id is still at its index; check the quotes and pin again';
    throw new PinError(
      `${where}: its session ${session.sessionFile} changed since the case was pinned (sha256 ${short(input.sha256!)}…, now ${short(session.sha256)}…): ${what}. Check the case against the session, then cases --pin writes the new pins`,
    );
  }
  if (gone.length) throw new PinError(`${where}: ${session.sessionFile}: ${gone.map(movedText).join('; ')}`);
  const follow = (p: Pin) => at.get(p.id!)!;
  const followed = [...cuts];
  written.forEach((i, k) => (followed[i] = follow(pins[k]!)));
  return {
    cuts: followed,
    factMessages: pins.slice(written.length).map(follow),
    notices: moved.length
      ? [
          `${where}: the session is the one pinned, but the importer numbers its messages differently: ${moved.map(movedText).join('; ')}; the ids are followed`,
        ]
      : [],
  };
}

/** The pins of a case as `cases --pin` writes them: the session's sha256, each numeric cut's id and each fact's. */
export function pinsFor(
  input: PinnedInput,
  sha256: string,
  messages: readonly Message[],
): { sha256: string; cutIds?: Record<string, string>; factIds: string[] } {
  const numeric = input.cuts.filter((c): c is number => typeof c === 'number');
  const cutIds = Object.fromEntries(numeric.map((c) => [String(c), messages[c]!.id]));
  return {
    sha256,
    ...(numeric.length ? { cutIds } : {}),
    factIds: input.facts.map((f) => messages[f.evidence.message]!.id),
  };
}
