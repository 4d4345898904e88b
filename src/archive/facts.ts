/**
 * What a session file says about itself that the importers do not keep:
 * when it ran, in which folder, with which model. Read from the text as it
 * streams past the importer, with patterns, not a second parse: every agent
 * writes these as plain JSON keys (`timestamp`, `startTime`, `time.created`;
 * `cwd`, `directory`; `model`, `modelID`), and a row needs only the first
 * and last time, the first folder and the last model.
 */

export interface SessionFacts {
  /** Milliseconds since the epoch, or null when the file names no time. */
  firstTime: number | null;
  lastTime: number | null;
  cwd: string | null;
  model: string | null;
}

const TIME =
  /"(?:timestamp|startTime|lastUpdated|created|updated|completed)"\s*:\s*(?:"(\d{4}-\d\d-\d\dT[^"]{1,40})"|(\d{10,13})\b)/g;
const CWD = /"(?:cwd|directory)"\s*:\s*"((?:[^"\\]|\\.){1,4096})"/;
const MODEL = /"(?:model|modelID)"\s*:\s*"([^"\\]{1,200})"/g;

/** Times outside these years are ids or counters that happen to look like one. */
const EARLIEST = Date.UTC(2020, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** How much of a chunk's end is read again with the next, so a key split between two chunks is still found. */
const OVERLAP = 512;

export class FactScanner {
  private facts: SessionFacts = { firstTime: null, lastTime: null, cwd: null, model: null };
  private tail = '';

  scan(chunk: string): void {
    const text = this.tail + chunk;
    this.tail = text.slice(-OVERLAP);
    for (const m of text.matchAll(TIME)) this.time(m[1] !== undefined ? Date.parse(m[1]) : epochOf(m[2]!));
    if (this.facts.cwd === null) {
      const cwd = CWD.exec(text);
      if (cwd) this.facts.cwd = unescape(cwd[1]!);
    }
    let model: string | null = null;
    for (const m of text.matchAll(MODEL)) model = m[1]!;
    if (model !== null) this.facts.model = model;
  }

  result(): SessionFacts {
    return { ...this.facts };
  }

  private time(ms: number): void {
    if (!Number.isFinite(ms) || ms < EARLIEST || ms > LATEST) return;
    const f = this.facts;
    if (f.firstTime === null || ms < f.firstTime) f.firstTime = ms;
    if (f.lastTime === null || ms > f.lastTime) f.lastTime = ms;
  }
}

/** Seconds (10 digits) or milliseconds (13) since the epoch. */
function epochOf(digits: string): number {
  const n = Number(digits);
  return digits.length <= 10 ? n * 1000 : n;
}

function unescape(json: string): string {
  try {
    return JSON.parse(`"${json}"`) as string;
  } catch {
    return json;
  }
}

/** Chunks passed on unchanged, each shown to `scanner` on the way. */
export async function* scanned(chunks: AsyncIterable<string>, scanner: FactScanner): AsyncGenerator<string> {
  for await (const chunk of chunks) {
    scanner.scan(chunk);
    yield chunk;
  }
}
