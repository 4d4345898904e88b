/**
 * How many bytes of session files are read at once. A worker holds a
 * session's import while it makes the row, two to four times the file's
 * size at its peak, so two of the 100 MB sessions developers report, read
 * side by side, would take a gigabyte between them. Files are handed out
 * while the bytes in flight stay within the budget; a file larger than the
 * budget waits until nothing else is read and then is read alone. Small
 * files, most of a folder, still fill every worker.
 */

/** Bytes of session files read at once, unless one file alone is larger. */
export const ARCHIVE_BYTE_BUDGET = 128 * 1024 * 1024;

export interface ByteBudget {
  /**
   * Waits until `bytes` more fit (or nothing is held), then holds them;
   * the returned function gives them back. Callers wait in turn: a large
   * file is not passed over forever by small ones.
   */
  take(bytes: number): Promise<() => void>;
  /** The bytes held now. */
  readonly held: number;
}

export function createByteBudget(limit: number = ARCHIVE_BYTE_BUDGET): ByteBudget {
  let held = 0;
  let holders = 0;
  const queue: { bytes: number; grant: () => void }[] = [];

  const fits = (bytes: number) => holders === 0 || held + bytes <= limit;
  const admit = () => {
    while (queue.length && fits(queue[0]!.bytes)) queue.shift()!.grant();
  };
  const hold = (bytes: number) => {
    held += bytes;
    holders++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      held -= bytes;
      holders--;
      admit();
    };
  };

  return {
    get held() {
      return held;
    },
    take(bytes) {
      const size = Math.max(0, bytes);
      if (queue.length === 0 && fits(size)) return Promise.resolve(hold(size));
      return new Promise((resolve) => queue.push({ bytes: size, grant: () => resolve(hold(size)) }));
    },
  };
}
