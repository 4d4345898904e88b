/**
 * The key taken out of a call's events, also where it was streamed back in
 * pieces. A model that quotes the key writes it a few characters per delta,
 * so scrubbing each delta alone let every piece through, and the summary
 * joined from them held the key whole. Here the deltas of each channel (text,
 * reasoning) are scrubbed as one text: a delta that ends with what may be the
 * start of the key is held, with everything after it, until the next delta
 * settles it; the pieces of a key are then removed, the first replaced by
 * `[redacted]`, so the joined output is the joined input with every key
 * replaced, and the raw messages that carried the pieces are rewritten alike.
 */
import type { ProviderEvent } from './events';
import { REDACTED, keyScrubber, usableKey } from './keyRedaction';

type Delta = Extract<ProviderEvent, { type: 'text' | 'reasoning' }>;
type Raw = Extract<ProviderEvent, { type: 'raw' }>;
type Channel = Delta['type'];

/**
 * A raw message comes before the deltas parsed from it, and is held until the
 * first of them is seen. A message with more than one delta (Gemini's parts,
 * reasoning and text in one chunk) may end a later one with the start of the
 * key after the message went out; so a message showing more than this many of
 * the key's first characters is held until the next message. Those are the
 * key format's prefix (`sk-pr`, `sk-an`, `AIzaS`), the same for every key.
 */
const PUBLIC_PREFIX_CHARS = 5;

/**
 * A hold ends after this many events or characters of raw messages even if
 * nothing settled it: only text settles it, and a stream of other events must
 * not pile up here. The realistic case, a key streamed one token per delta, is
 * settled within a few hundred events.
 */
const MAX_HELD_EVENTS = 1024;
const MAX_HELD_RAW_CHARS = 1_000_000;

/** What marks the raw data of a message whose text carried part of the key and that could not be rewritten. */
export const RAW_KEY_PART = '[redacted: this message carried part of the API key]';

/** A part of one delta that belongs to the key: left out, the first part of each occurrence shown as `[redacted]`. */
interface Cut {
  from: number;
  to: number;
  marked: boolean;
}

interface HeldDelta {
  event: Delta;
  cuts: Cut[];
}

interface HeldRaw {
  event: Raw;
  /** The deltas parsed from this message. */
  deltas: HeldDelta[];
}

type Held = { delta: HeldDelta } | { raw: HeldRaw } | { other: ProviderEvent };

/** The held deltas of one channel joined, so a key across them can be found. */
interface ChannelText {
  joined: string;
  members: { delta: HeldDelta; start: number }[];
  /** No key begins before this offset of `joined`. */
  settled: number;
}

const emptyChannel = (): ChannelText => ({ joined: '', members: [], settled: 0 });

/** Where the longest end of `text` (after `from`) that is a proper start of `key` begins, or `text.length`. */
export function keyStartAt(text: string, key: string, from = 0): number {
  let at = text.indexOf(key[0], Math.max(from, text.length - key.length + 1));
  while (at >= 0) {
    if (key.startsWith(text.slice(at))) return at;
    at = text.indexOf(key[0], at + 1);
  }
  return text.length;
}

/** The delta with its cuts applied. */
function cutDelta(held: HeldDelta): string {
  if (!held.cuts.length) return held.event.delta;
  const text = held.event.delta;
  const parts: string[] = [];
  let at = 0;
  for (const cut of held.cuts) {
    parts.push(text.slice(at, cut.from));
    if (cut.marked) parts.push(REDACTED);
    at = cut.to;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * The raw data with each delta that lost part of the key rewritten the same
 * way. Deltas sit in the data as JSON strings; every copy of one is rewritten,
 * and data that does not show the delta as a JSON string is replaced whole.
 */
function rewriteRaw(raw: HeldRaw): string {
  let data = raw.event.data;
  for (const held of raw.deltas) {
    if (!held.cuts.length) continue;
    const literal = JSON.stringify(held.event.delta);
    if (!data.includes(literal)) return RAW_KEY_PART;
    data = data.split(literal).join(JSON.stringify(cutDelta(held)));
  }
  return data;
}

/** The event with every whole key in the texts it carries replaced. */
export function scrubEvent(event: ProviderEvent, scrub: (text: string) => string): ProviderEvent {
  switch (event.type) {
    case 'text':
    case 'reasoning':
      return { ...event, delta: scrub(event.delta) };
    case 'raw':
      return { ...event, data: scrub(event.data) };
    case 'error':
      return {
        ...event,
        message: scrub(event.message),
        ...(event.providerMessage !== undefined ? { providerMessage: scrub(event.providerMessage) } : {}),
      };
    case 'finish':
      return { ...event, reason: scrub(event.reason) };
    case 'response':
    case 'usage':
      return event;
  }
}

/** Events held back while a key may be forming, and what is known about the pieces. */
class KeyWindow {
  private held: Held[] = [];
  private heldRawChars = 0;
  /** The message the deltas now arriving were parsed from. */
  private current?: HeldRaw;
  /** The current message's first delta, if it has one, is still to come. */
  private awaitingDelta = false;
  /** The current message shows more of the key's start than its format's prefix. */
  private guarded = false;
  private readonly channels: Record<Channel, ChannelText> = {
    text: emptyChannel(),
    reasoning: emptyChannel(),
  };
  private readonly key: string;
  private readonly scrub: (text: string) => string;

  constructor(key: string) {
    this.key = key;
    this.scrub = keyScrubber(key);
  }

  /** A channel's text ends with what may be the start of the key. */
  get keyForming(): boolean {
    return this.channels.text.members.length > 0 || this.channels.reasoning.members.length > 0;
  }

  /** Nothing held may go out yet. */
  get holding(): boolean {
    if (this.held.length >= MAX_HELD_EVENTS || this.heldRawChars >= MAX_HELD_RAW_CHARS) return false;
    return this.awaitingDelta || this.guarded || this.keyForming;
  }

  add(event: ProviderEvent): void {
    if (event.type === 'raw') {
      const raw: HeldRaw = { event, deltas: [] };
      this.held.push({ raw });
      this.heldRawChars += event.data.length;
      this.current = raw;
      this.awaitingDelta = true;
      // A new message: the deltas of the one before are all known, so its guard ends here.
      this.guarded = this.scrub(event.data).includes(this.key.slice(0, PUBLIC_PREFIX_CHARS + 1));
      return;
    }
    if (event.type === 'text' || event.type === 'reasoning') {
      const delta: HeldDelta = { event, cuts: [] };
      this.held.push({ delta });
      this.current?.deltas.push(delta);
      this.awaitingDelta = false;
      this.follow(this.channels[event.type], delta);
      return;
    }
    // No delta follows the end of an answer or an error.
    if (event.type === 'finish' || event.type === 'error') this.awaitingDelta = false;
    this.held.push({ other: event });
  }

  /** Adds a delta to its channel's text, cuts every key now complete, and keeps the channel held while its end may start one. */
  private follow(channel: ChannelText, delta: HeldDelta): void {
    channel.members.push({ delta, start: channel.joined.length });
    channel.joined += delta.event.delta;
    const { key } = this;
    for (let at = channel.joined.indexOf(key, channel.settled); at >= 0;) {
      this.cutAcross(channel, at, at + key.length);
      channel.settled = at + key.length;
      at = channel.joined.indexOf(key, channel.settled);
    }
    channel.settled = keyStartAt(channel.joined, key, channel.settled);
    if (channel.settled === channel.joined.length) Object.assign(channel, emptyChannel());
  }

  /** Marks `[from, to)` of the channel's joined text on every delta it spans. */
  private cutAcross(channel: ChannelText, from: number, to: number): void {
    let marked = true;
    for (const { delta, start } of channel.members) {
      const end = start + delta.event.delta.length;
      if (end <= from || start >= to) continue;
      delta.cuts.push({ from: Math.max(from, start) - start, to: Math.min(to, end) - start, marked });
      marked = false;
    }
  }

  /** Everything held, scrubbed, in the order it came; the window starts over. */
  *release(): Generator<ProviderEvent> {
    const held = this.held;
    this.held = [];
    this.heldRawChars = 0;
    this.channels.text = emptyChannel();
    this.channels.reasoning = emptyChannel();
    for (const item of held) {
      if ('raw' in item) yield { ...item.raw.event, data: this.scrub(rewriteRaw(item.raw)) };
      else if ('delta' in item) {
        const delta = cutDelta(item.delta);
        if (delta) yield { ...item.delta.event, delta };
      } else yield scrubEvent(item.other, this.scrub);
    }
  }
}

/**
 * `events` with the key taken out of every text they carry, whole or in
 * pieces across deltas. Without a key (or one too short to scrub) they pass
 * unchanged.
 */
export async function* scrubKeyFromEvents(
  events: AsyncIterable<ProviderEvent>,
  apiKey: string | undefined,
): AsyncGenerator<ProviderEvent> {
  const key = usableKey(apiKey);
  if (!key) {
    yield* events;
    return;
  }
  const window = new KeyWindow(key);
  for await (const event of events) {
    // A new message: every delta of the one before is known, so unless a key is forming it may all go.
    if (event.type === 'raw' && !window.keyForming) yield* window.release();
    window.add(event);
    if (!window.holding) yield* window.release();
  }
  yield* window.release();
}
