/**
 * Key-shaped strings in a payload, found before it is encoded.
 *
 * The builder already leaves the user's own key out, but a transcript is
 * whatever the agent saw: an `.env` it read, a `curl -H "Authorization:
 * Bearer …"` it ran, a clone URL with a token in it. A link lives on in chat
 * logs and synced browser history, so the dialog lists every match and offers
 * to redact them.
 *
 * The kinds and their patterns are in `secretPatterns.ts`; docs/security.md
 * has their table.
 */
import type { SharePayload } from './payload';
import { PATTERNS, type SecretKind } from './secretPatterns';

export type { SecretKind } from './secretPatterns';
export { SECRET_KINDS, SECRET_LABELS } from './secretPatterns';

/** One key-shaped match inside one string. */
export interface TextSecret {
  kind: SecretKind;
  label: string;
  /** Offsets of the secret part in the string (without kept context such as `Bearer `). */
  start: number;
  end: number;
  /** What can be shown: the kept context, the identifying prefix, `…`, the last four characters. */
  preview: string;
}

export interface SecretFinding extends TextSecret {
  /** Where in the payload, e.g. `transcript.messages[3].toolCalls[0].arguments` or `provider.baseUrl`. */
  path: string;
  /** The message the string belongs to, or null for the name, provider and preview. */
  messageIndex: number | null;
  /** The path inside the message (`content`, `toolCalls[0].arguments`), or the whole path outside one. */
  field: string;
}

function maskSecret(secret: string, shownPrefix: number): string {
  // Short secrets show nothing of their tail: four characters of twelve is a third of it.
  const tail = secret.length >= 16 ? secret.slice(-4) : '';
  return `${secret.slice(0, shownPrefix)}…${tail}`;
}

/**
 * What a key may be split by and still work when copied: an invisible character (zero-width
 * space, non-joiner, joiner, word joiner, byte-order mark, soft hyphen), or a line continuation,
 * a backslash before a line break (`\` then a new line in a shell script; `\\\n` once that
 * script is inside a JSON string). Matching runs on the text without them, so such a key is
 * found, and redacted, whole rather than up to the split.
 */
const SPLITTERS = /\u200B|\u200C|\u200D|\u2060|\uFEFF|\u00AD|\\\r?\n|\\\\\\(?:r\\)?n/g;

/** The text without splitters, and where each was: in `joined`, and how much was taken out up to it. */
export interface Joined {
  joined: string;
  /** For each splitter, in order: its offset in `joined` and the characters removed up to and with it. */
  cuts: { at: number; removed: number }[];
}

export function withoutSplitters(text: string): Joined {
  const cuts: Joined['cuts'] = [];
  let joined = '';
  let from = 0;
  SPLITTERS.lastIndex = 0;
  for (const match of text.matchAll(SPLITTERS)) {
    joined += text.slice(from, match.index);
    from = match.index + match[0].length;
    cuts.push({ at: joined.length, removed: (cuts.at(-1)?.removed ?? 0) + match[0].length });
  }
  return cuts.length === 0 ? { joined: text, cuts } : { joined: joined + text.slice(from), cuts };
}

/** The offset in the original text of the character at `offset` in the joined one. */
function originalOffset({ cuts }: Joined, offset: number): number {
  // The last cut at or before the offset: every splitter removed up to there lies before it.
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cuts[mid].at <= offset) lo = mid + 1;
    else hi = mid;
  }
  return offset + (lo === 0 ? 0 : cuts[lo - 1].removed);
}

/** Every key-shaped match in one string, in order, without overlaps; offsets are in `text`. */
export function findSecretsInText(text: string): TextSecret[] {
  const split = withoutSplitters(text);
  const found = findInJoined(split.joined);
  if (split.cuts.length === 0) return found;
  // A secret's end maps past its last character, so splitters inside it go with it.
  return found.map((f) => ({
    ...f,
    start: originalOffset(split, f.start),
    end: originalOffset(split, f.end - 1) + 1,
  }));
}

/** Kinds that span lines of their own, from a first line to a last. */
const BLOCKS: ReadonlySet<SecretKind> = new Set(['private-key', 'putty-private-key']);

/**
 * A key that a terminal or an editor wrapped at the end of a line goes on at the start of the
 * next: when a key without kept context ends at a line break and the next line is a run of key
 * characters alone (up to its end, a quote or a comma), that run is the key's rest. A next line
 * such as `OPENAI_API_KEY=…` or `import x` is not. The length of the break and the rest, or 0.
 */
function wrappedRest(text: string, end: number): number {
  const rest = /^(?:\r?\n|\\r\\n|\\n)[A-Za-z0-9_-]+(?=$|\r?\n|\\[rn]|\\?["'`,])/.exec(
    text.slice(end, end + 400),
  );
  return rest ? rest[0].length : 0;
}

/** Taken stretches of a text, apart and in order, so that a later pattern's match over one is dropped. */
class Taken {
  private starts: number[] = [];
  private ends: number[] = [];

  /** Takes `[start, end)` unless it overlaps a stretch already taken; says whether it did. */
  take(start: number, end: number): boolean {
    // The first stretch that ends after `start`: the only one that can overlap.
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ends[mid] <= start) lo = mid + 1;
      else hi = mid;
    }
    if (lo < this.starts.length && this.starts[lo] < end) return false;
    this.starts.splice(lo, 0, start);
    this.ends.splice(lo, 0, end);
    return true;
  }
}

function findInJoined(text: string): TextSecret[] {
  const found: TextSecret[] = [];
  const taken = new Taken();
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (const match of text.matchAll(pattern.regex)) {
      const keep = match.groups?.keep ?? '';
      const secret = match.groups?.secret ?? match[0];
      if (pattern.accept && !pattern.accept(secret, keep)) continue;
      // What leads up to the kept context (the command before its flag) is neither shown nor taken.
      const keepStart = match.index + (match.groups?.lead?.length ?? 0);
      const wraps = match.groups?.keep === undefined && !BLOCKS.has(pattern.kind);
      const wrapped = wraps ? wrappedRest(text, match.index + match[0].length) : 0;
      const start = keepStart + keep.length;
      const end = start + secret.length + wrapped;
      if (!taken.take(keepStart, end)) continue;
      found.push({
        kind: pattern.kind,
        label: pattern.label,
        start,
        end,
        // One line, whatever the kept context spans (a `.netrc` entry over three lines).
        preview: (
          keep + (pattern.mask ? pattern.mask(secret) : maskSecret(secret, pattern.shownPrefix))
        ).replace(/[ \t]*(?:\r?\n|\\r\\n|\\n)\s*/g, ' '),
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** What replaces a secret: URL credentials are dropped so the URL still works; the rest say what was there. */
function replacementFor(kind: SecretKind): string {
  if (kind === 'url-credentials') return '';
  if (BLOCKS.has(kind)) return '[redacted private key]';
  return '[redacted]';
}

/** The string with every match replaced. */
export function redactSecretsInText(text: string): string {
  const found = findSecretsInText(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const secret of found) {
    out += text.slice(at, secret.start) + replacementFor(secret.kind);
    at = secret.end;
  }
  return out + text.slice(at);
}

type PathItem = string | number;

function formatPath(path: readonly PathItem[]): string {
  let out = '';
  for (const item of path) {
    if (typeof item === 'number') out += `[${item}]`;
    else out += out ? `.${item}` : item;
  }
  return out;
}

/** Calls `visit` for every string in a JSON-shaped value, with its path. */
function walkStrings(
  value: unknown,
  path: PathItem[],
  visit: (text: string, path: PathItem[]) => void,
): void {
  if (typeof value === 'string') visit(value, path);
  else if (Array.isArray(value)) value.forEach((item, i) => walkStrings(item, [...path, i], visit));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) walkStrings(item, [...path, key], visit);
  }
}

/** A copy of a JSON-shaped value with every string passed through `map`. */
function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStrings(item, map)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapStrings(item, map);
    return out as T;
  }
  return value;
}

/**
 * Every key-shaped string anywhere in the payload: every string field is
 * scanned, not a list of likely ones, so a field added later is covered.
 */
export function scanSecrets(payload: SharePayload): SecretFinding[] {
  const findings: SecretFinding[] = [];
  walkStrings(payload, [], (text, path) => {
    const secrets = findSecretsInText(text);
    if (secrets.length === 0) return;
    const inMessage =
      path[0] === 'transcript' &&
      (path[1] === 'messages' || path[1] === 'texts') &&
      typeof path[2] === 'number';
    // A minimal link's texts name their message.
    const messageIndex = !inMessage
      ? null
      : path[1] === 'texts' && payload.variant === 'minimal'
        ? payload.transcript.texts![path[2] as number].i
        : (path[2] as number);
    const field = inMessage ? formatPath(path.slice(3)) : formatPath(path);
    for (const secret of secrets) findings.push({ ...secret, path: formatPath(path), messageIndex, field });
  });
  return findings;
}

/** The payload with every finding of `scanSecrets` replaced; nothing else changes. */
export function redactSecrets<T extends SharePayload>(payload: T): T {
  return mapStrings(payload, redactSecretsInText);
}
