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

/** The text without splitters, and for each of its characters the offset it had in `text`. */
export function withoutSplitters(text: string): { joined: string; offsets: number[] | null } {
  SPLITTERS.lastIndex = 0;
  const split = SPLITTERS.test(text);
  // matchAll starts where test left off.
  SPLITTERS.lastIndex = 0;
  if (!split) return { joined: text, offsets: null };
  let joined = '';
  const offsets: number[] = [];
  let at = 0;
  for (const match of text.matchAll(SPLITTERS)) {
    for (let i = at; i < match.index; i++) offsets.push(i);
    joined += text.slice(at, match.index);
    at = match.index + match[0].length;
  }
  for (let i = at; i < text.length; i++) offsets.push(i);
  offsets.push(text.length);
  return { joined: joined + text.slice(at), offsets };
}

/** Every key-shaped match in one string, in order, without overlaps; offsets are in `text`. */
export function findSecretsInText(text: string): TextSecret[] {
  const { joined, offsets } = withoutSplitters(text);
  const found = findInJoined(joined);
  if (!offsets) return found;
  // A secret's end maps past its last character, so splitters inside it go with it.
  return found.map((f) => ({ ...f, start: offsets[f.start], end: offsets[f.end - 1] + 1 }));
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

function findInJoined(text: string): TextSecret[] {
  const found: TextSecret[] = [];
  const taken: [number, number][] = [];
  for (const pattern of PATTERNS) {
    pattern.regex.lastIndex = 0;
    for (const match of text.matchAll(pattern.regex)) {
      const keep = match.groups?.keep ?? '';
      const secret = match.groups?.secret ?? match[0];
      if (pattern.accept && !pattern.accept(secret, keep)) continue;
      const matchStart = match.index;
      const wraps = match.groups?.keep === undefined && !BLOCKS.has(pattern.kind);
      const wrapped = wraps ? wrappedRest(text, matchStart + match[0].length) : 0;
      const matchEnd = matchStart + match[0].length + wrapped;
      if (taken.some(([s, e]) => matchStart < e && s < matchEnd)) continue;
      taken.push([matchStart, matchEnd]);
      const start = matchStart + keep.length;
      found.push({
        kind: pattern.kind,
        label: pattern.label,
        start,
        end: start + secret.length + wrapped,
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
