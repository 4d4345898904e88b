/**
 * A ceiling on how much one answer may stream. A provider that never stops
 * (a server that ignores the token cap, a model caught repeating itself, a
 * proxy replaying a stream) kept the page growing the summary until the tab
 * ran out of memory; the stall timer never fired, since text kept coming.
 */
import type { ProviderEvent, ProviderErrorEvent } from './events';

/**
 * Text and reasoning characters one call may stream. A summary is asked for
 * in at most a few tens of thousands of tokens, about 4 characters each; this
 * is several times the longest that could be, and small enough for the page
 * to hold and draw.
 */
export const MAX_ANSWER_CHARS = 400_000;

export function tooLongEvent(address: string): ProviderErrorEvent {
  return {
    type: 'error',
    kind: 'too-long',
    message:
      `The provider's answer passed ${MAX_ANSWER_CHARS.toLocaleString('en-US')} characters; it was stopped there, ` +
      `far beyond any real summary (${address} may ignore the token cap, or the model is repeating itself).`,
  };
}

/**
 * `events` until their text and reasoning pass `MAX_ANSWER_CHARS`; then an
 * error in place of the delta that passed it, and no more. Returning here
 * closes `events`, which cancels the body's reader, so the connection stops.
 */
export async function* capAnswer(
  events: AsyncIterable<ProviderEvent>,
  address: string,
): AsyncGenerator<ProviderEvent> {
  let chars = 0;
  for await (const event of events) {
    if (event.type === 'text' || event.type === 'reasoning') {
      chars += event.delta.length;
      if (chars > MAX_ANSWER_CHARS) {
        yield tooLongEvent(address);
        return;
      }
    }
    yield event;
  }
}
