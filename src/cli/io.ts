/** Where the command line writes, injectable so tests can run commands in-process. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /**
   * Writes to stdout as is, without a line break. Present only when stdout
   * is a terminal: there a summary is worth watching as it arrives, while a
   * pipe or a file wants the finished text once.
   */
  stream?(text: string): void;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  ...(process.stdout.isTTY ? { stream: (text: string) => void process.stdout.write(text) } : {}),
};

/** Bad input: shown as one line, exit code 2, never a stack trace. */
export class UsageError extends Error {
  constructor(message: string) {
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
