/**
 * Reading a provider's body whole (an error, a token count) with a ceiling.
 * `response.text()` holds whatever the server sends: a 500 MB error page put
 * 2.1 GB on the worker's heap and took the tab down with it. A real error or
 * count answer is a few hundred bytes, so the reader stops at a bound far
 * above that, cancels the rest, and the message says the body was cut.
 */

/** The most of a body read whole: an error or a count is a few hundred bytes, the longest seen a few kB. */
export const BODY_CAP_BYTES = 1024 * 1024;

export interface BodyText {
  text: string;
  /** The body went on past the cap; the rest was never read. */
  cut: boolean;
}

/** "1 MB", "512 kB": a cap in the words a message uses. */
function sizeWords(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} kB`;
}

/** What a message adds when the body it quotes was cut; empty when it was read whole. */
export function cutNote(body: BodyText, maxBytes = BODY_CAP_BYTES): string {
  return body.cut ? ` (the body was cut at ${sizeWords(maxBytes)})` : '';
}

/**
 * At most `maxBytes` of the body as text, read through its reader so no more
 * than that (and the chunk that crosses it) is ever held. A UTF-8 character
 * split by the cut is left out rather than shown as a replacement mark.
 */
export async function readBodyText(response: Response, maxBytes = BODY_CAP_BYTES): Promise<BodyText> {
  if (!response.body) return { text: '', cut: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let bytes = 0;
  let finished = false;
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) break;
      const room = maxBytes - bytes;
      if (step.value.byteLength > room) {
        parts.push(decoder.decode(step.value.subarray(0, room), { stream: true }));
        return { text: parts.join(''), cut: true };
      }
      bytes += step.value.byteLength;
      parts.push(decoder.decode(step.value, { stream: true }));
    }
    finished = true;
    parts.push(decoder.decode());
    return { text: parts.join(''), cut: false };
  } finally {
    // The rest of a cut body, or of one whose reading failed, is not wanted: the server may stop sending it.
    if (!finished) reader.cancel().catch(() => {});
  }
}
