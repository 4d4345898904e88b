/**
 * Message-level token estimates on top of a string counter.
 *
 * Counts are cached per message object as unscaled parts, so a budget change
 * never re-tokenizes anything and a scale change only re-multiplies.
 */
import type { Message, UnsentEntry } from './message';
import { countChars4, loadTokenizer, type TextCounter, type TokenizerId } from './tokenizer';

/** Chat formats wrap each message in a few framing tokens. */
export const PER_MESSAGE_TOKENS = 3;
/** Each tool call costs its name and arguments plus a little framing. */
export const PER_TOOL_CALL_TOKENS = 4;
/** A list of messages ends with the reply priming. */
export const PER_LIST_TOKENS = 3;
/** A fixed price per image: providers bill images by size, which we rarely know. */
export const IMAGE_TOKENS = 1200;
/** pi's character price of an image (1200 tokens at four characters each). */
export const IMAGE_CHARS = 4800;

export interface Estimator {
  readonly tokenizer: TokenizerId;
  readonly scale: number;
  /** Tokens of one string, scaled. */
  countString(text: string): number;
  /** Tokens of one message as it sits in a request, without the list's tail. */
  countMessage(message: Message): number;
  /** Tokens of a whole request's messages, with the list's tail. */
  countMessages(messages: readonly Message[]): number;
  /**
   * Tokens of a message's reasoning and of each tool call's arguments, as its
   * count has them (from the cache, so nothing is counted twice). With
   * `chars4`, which counts a message as one string, each is its own quarter.
   */
  countFields(message: Message): { reasoning: number; arguments: number[] };
  /** The same estimator at another scale, sharing the cache. */
  withScale(scale: number): Estimator;
}

/** The unscaled ingredients of a message count. */
interface Parts {
  /** Tokens that do not scale: framing and images. */
  fixed: number;
  /** String counts, each scaled and rounded on its own. */
  strings: number[];
}

function scaled(count: number, scale: number): number {
  return scale === 1 ? count : Math.round(count * scale);
}

/** One string of a message that a BPE count covers, named as the page shows it. */
export interface CountedText {
  label: string;
  text: string;
}

/**
 * The strings a BPE count of `message` adds up, in request order: the role,
 * the text, the name, the tool-call id, the reasoning, then each tool call's
 * name and arguments. The token view shows the same strings, so its pieces
 * add up to the row's count.
 */
export function countedTexts(message: Message): CountedText[] {
  const texts: CountedText[] = [
    { label: 'role', text: message.role },
    { label: 'text', text: message.content },
    { label: 'name', text: message.name ?? '' },
    { label: 'tool call id', text: message.toolCallId ?? '' },
    { label: 'reasoning', text: message.reasoning ?? '' },
  ];
  for (const call of message.toolCalls ?? []) {
    texts.push({ label: `tool call ${call.name}: name`, text: call.name });
    texts.push({ label: `tool call ${call.name}: arguments`, text: call.arguments });
  }
  return texts;
}

/** A message's tokens that have no text, by what they are: an image is content, not framing. */
export interface NonTextTokens {
  /** The wrapping around the message and each of its tool calls. */
  framing: number;
  /** The fixed price of its images. */
  images: number;
  /** Encrypted parts (reasoning the provider returns sealed), counted by their size. */
  encrypted: number;
}

export function nonTextTokens(message: Message): NonTextTokens {
  return {
    framing: PER_MESSAGE_TOKENS + (message.toolCalls?.length ?? 0) * PER_TOOL_CALL_TOKENS,
    images: (message.images ?? 0) * IMAGE_TOKENS,
    encrypted: message.opaqueTokens ?? 0,
  };
}

/** Tokens of a message that are not text: per-message and per-call framing, images, encrypted parts. */
export function framingTokens(message: Message): number {
  const parts = nonTextTokens(message);
  return parts.framing + parts.images + parts.encrypted;
}

function bpeParts(message: Message, count: TextCounter): Parts {
  return { fixed: framingTokens(message), strings: countedTexts(message).map((t) => count(t.text)) };
}

/** pi's rule: characters of text, reasoning and tool calls, a quarter token each; framing is not weighed. */
function chars4Parts(message: Message): Parts {
  let chars =
    message.content.length -
    (message.framingChars ?? 0) +
    (message.reasoning?.length ?? 0) +
    (message.images ?? 0) * IMAGE_CHARS +
    (message.opaqueTokens ?? 0) * 4;
  for (const call of message.toolCalls ?? []) chars += call.name.length + call.arguments.length;
  return { fixed: 0, strings: [Math.ceil(chars / 4)] };
}

function build(
  tokenizer: TokenizerId,
  count: TextCounter,
  scale: number,
  cache: WeakMap<Message, Parts>,
): Estimator {
  const partsOf = (message: Message): Parts => {
    let parts = cache.get(message);
    if (!parts) {
      parts = tokenizer === 'chars4' ? chars4Parts(message) : bpeParts(message, count);
      cache.set(message, parts);
    }
    return parts;
  };
  const countMessage = (message: Message): number => {
    // Text that is not here cannot be counted: the count made where it was stands in.
    if (message.carried) return message.carried.tokens;
    const { fixed, strings } = partsOf(message);
    let total = fixed;
    for (const s of strings) total += scaled(s, scale);
    return total;
  };
  const countFields = (message: Message) => {
    const carried = message.carried;
    if (carried) {
      return {
        reasoning: carried.reasoning ?? 0,
        arguments: (message.toolCalls ?? []).map((_, k) => carried.arguments?.[k] ?? 0),
      };
    }
    if (tokenizer === 'chars4') {
      return {
        reasoning: scaled(countChars4(message.reasoning ?? ''), scale),
        arguments: (message.toolCalls ?? []).map((c) => scaled(countChars4(c.arguments), scale)),
      };
    }
    // bpeParts: role, content, name, tool call id, reasoning, then each call's name and arguments.
    const { strings } = partsOf(message);
    return {
      reasoning: scaled(strings[4], scale),
      arguments: (message.toolCalls ?? []).map((_, k) => scaled(strings[6 + 2 * k], scale)),
    };
  };
  const tail = tokenizer === 'chars4' ? 0 : PER_LIST_TOKENS;
  return {
    tokenizer,
    scale,
    countString: (text) => scaled(count(text), scale),
    countMessage,
    countFields,
    countMessages: (messages) => {
      let total = tail;
      for (const m of messages) total += countMessage(m);
      return total;
    },
    withScale: (next) => build(tokenizer, count, next, cache),
  };
}

/**
 * An entry weighed but never sent (`Message.unsentAfter`): pi's quarter token
 * a character under every tokenizer, since only its size is kept; scaled
 * like any string count.
 */
export function unsentTokens(entry: UnsentEntry, estimator: Estimator): number {
  return scaled(Math.ceil(entry.chars / 4), estimator.scale);
}

/** An estimator over a counter that is already loaded. */
export function createEstimator(tokenizer: TokenizerId, count: TextCounter, scale = 1): Estimator {
  return build(tokenizer, tokenizer === 'chars4' ? countChars4 : count, scale, new WeakMap());
}

/** Loads the tokenizer's ranks if needed and returns an estimator over it. */
export async function loadEstimator(tokenizer: TokenizerId, scale = 1): Promise<Estimator> {
  return createEstimator(tokenizer, await loadTokenizer(tokenizer), scale);
}
