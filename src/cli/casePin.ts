/**
 * `cases DIR --pin`: writes into each case file its session's sha256 and the
 * id of every message it names by index (each numeric cut's in `cutIds`,
 * each fact's as `evidence.id`), so a later edit of the session is an error
 * instead of facts silently read from other messages (src/cases/pins.ts).
 * The case is checked as written first: its quotes must be where it says.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseCase, type LoadedCase } from '../cases/caseFile';
import { pinsFor } from '../cases/pins';
import { loadCases, type CaseReadOptions } from './caseFile';
import { inline, type Io } from './io';

type Json = Record<string, unknown>;

/** `raw` with `key: value` set right after `after` (or at the end), the other keys in their order. */
function setAfter(raw: Json, after: string, key: string, value: unknown): Json {
  const out: Json = {};
  let placed = false;
  for (const [k, v] of Object.entries(raw)) {
    if (k === key) continue;
    out[k] = v;
    if (k === after) {
      out[key] = value;
      placed = true;
    }
  }
  if (!placed) out[key] = value;
  return out;
}

/** The case file's JSON with its pins written: sha256 after `session`, cutIds after `cuts`, each evidence's id after its message. */
export function pinnedJson(json: string, kase: LoadedCase): string {
  const input = parseCase(kase.file, json);
  const pins = pinsFor(input, kase.sha256, kase.messages);
  let raw = JSON.parse(json) as Json;
  raw = setAfter(raw, 'session', 'sha256', pins.sha256);
  if (pins.cutIds) raw = setAfter(raw, 'cuts', 'cutIds', pins.cutIds);
  else delete raw.cutIds;
  raw.facts = (raw.facts as Json[]).map((fact, i) => ({
    ...fact,
    evidence: setAfter(fact.evidence as Json, 'message', 'id', pins.factIds[i]),
  }));
  return `${JSON.stringify(raw, null, 2)}\n`;
}

/** Pins every case under `dir`; a line per case file written. */
export async function pinCases(dir: string, options: CaseReadOptions, io: Io): Promise<void> {
  const cases = await loadCases(dir, { ...options, ignorePins: true });
  for (const kase of cases) {
    const json = await readFile(kase.file, 'utf8');
    const pinned = pinnedJson(json, kase);
    if (pinned === json) {
      io.out(`${inline(kase.file)}: already pinned to ${inline(kase.sessionFile)}`);
      continue;
    }
    await writeFile(kase.file, pinned);
    io.out(
      `${inline(kase.file)}: pinned to ${inline(kase.sessionFile)} (sha256 ${kase.sha256.slice(0, 12)}…)`,
    );
  }
}
