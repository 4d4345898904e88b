/** Where the command line writes, injectable so tests can run commands in-process. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /**
   * Writes to stdout without adding a line break. Present only when stdout
   * is a terminal: there a summary is worth watching as it arrives, while a
   * pipe or a file wants the finished text once.
   */
  stream?(text: string): void;
}

/**
 * Characters that steer a terminal rather than show: the C0 controls but tab
 * and line feed (ESC starts every escape sequence), DEL, the C1 controls
 * (U+009B is a one-character CSI), and the bidi embeddings, overrides and
 * isolates, which reorder what a line seems to say.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const STEERING = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

const escapeOf = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text as a terminal may print it: each steering character shown as its
 * `\uXXXX` escape, tabs and line breaks kept, CRLF read as a line break.
 * Everything the command line prints comes from files, links, models and
 * servers it does not control: a transcript name, a message, a summary or a
 * provider's error could otherwise write the clipboard (OSC 52), clear the
 * screen or retitle the window. The escape is the one JSON uses, so a
 * `--json` document passes through unchanged in meaning.
 */
export function neutralize(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(STEERING, escapeOf);
}

/**
 * A `--json` document: JSON.stringify escapes the C0 controls already, but
 * leaves DEL, C1 and the bidi controls as they are; here they are `\uXXXX`
 * too, so the document on a terminal is inert and parses back to the same
 * strings.
 */
export function jsonDocument(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(STEERING, escapeOf);
}

/** The same as `jsonDocument` on one line: a stream of objects, one per line (`watch --json`). */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(STEERING, escapeOf);
}

/** What `inline` escapes: the steering characters, and line feed and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INLINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** How a line break is shown inside one line: the escapes a reader of code knows. */
const VISIBLE: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A value read from a file (a case's id, a quote, a path, a budget's name),
 * or an error about one, as one line: every line break or tab shown as `\n`,
 * `\r` or `\t`, every steering character and Unicode line separator as its `\uXXXX`
 * escape. No value can then begin a line of its own, so none can pass for a
 * line the command wrote, or for a workflow command (`::error ...`) that a
 * CI runner reads from the output of `check`.
 */
export function inline(text: string): string {
  return text.replace(INLINE, (c) => VISIBLE[c] ?? escapeOf(c));
}

/**
 * A GitHub Actions workflow command (`::error title=…::message`). The runner
 * reads `%`, CR and LF in the message as escapes, and in a property also `:`
 * and `,`, which would end it; each is written as its `%XX`, so nothing from
 * a file can end the command early or start another.
 */
export function workflowCommand(
  command: string,
  properties: Readonly<Record<string, string>>,
  message: string,
): string {
  const escape = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => escape(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const props = Object.entries(properties)
    .map(([key, value]) => `${key}=${property(value)}`)
    .join(',');
  return `::${command}${props ? ` ${props}` : ''}::${escape(message)}`;
}

/** `io` with everything it is given neutralized: the one door between the commands and a terminal. */
export function terminalIo(io: Io): Io {
  const { stream } = io;
  return {
    out: (text) => io.out(neutralize(text)),
    err: (text) => io.err(neutralize(text)),
    ...(stream ? { stream: (text: string) => stream(neutralize(text)) } : {}),
  };
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  ...(process.stdout.isTTY ? { stream: (text: string) => void process.stdout.write(text) } : {}),
};

/**
 * Bad input: shown as one line, exit code 2, never a stack trace. When a
 * file has several problems, `details` holds one line for each, shown under
 * it, so a user fixes them all in one go.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly details: readonly string[] = [],
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_BAD_INPUT = 2;
/** The shell's convention for a command stopped by Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

/** Collapses a message onto one line, for errors that must stay one line. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * Escape sequences whole: a CSI (ESC [ or U+009B, its parameters and its
 * final byte), and a terminated string command (OSC, DCS, SOS, PM, APC up to
 * BEL or ST). An introducer without its end is left to `singleLine`'s
 * character rule.
 */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /(?:\u001b\[|\u009b)[\u0020-\u003f]*[\u0040-\u007e]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)/g;
/** What breaks a line or moves along it: tab, line feed, vertical tab, form feed, carriage return, NEL, the Unicode separators. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BREAKS = /[\t\n\u000b\u000c\r\u0085\u2028\u2029]+/g;

/**
 * Text for a place that shows exactly one line (a status bar): escape
 * sequences and steering characters removed, every line break or tab a
 * space. A transcript's text can then neither add a line nor restyle the
 * bar.
 */
export function singleLine(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(BREAKS, ' ').replace(STEERING, '').trim();
}
