/**
 * A message token by token, as tiktokenizer shows text: each token's id and
 * the text it stands for. The pieces are the very merges the counter counts,
 * so they add up to the message's count.
 */
import { rankOfBytes, tokenStarts, utf8ByteString, type ByteString } from './bpe';
import { countedTexts, framingTokens, nonTextTokens } from './estimate';
import type { Message } from './message';
import { splitPattern, type BpeEncoding, type TextCounter } from './tokenizer';

export interface TokenPiece {
  /** The token's rank in the encoding: the id a model sees. */
  id: number;
  /** The text of the token; for a token that holds part of a character, its bytes as `\xNN`. */
  text: string;
  /** The token starts or ends inside a character (an emoji split over two tokens, say). */
  partial: boolean;
}

export interface TokenPart {
  /** Which string of the message: `role`, `text`, `reasoning`, `tool call NAME: arguments`, … */
  label: string;
  /** Every token of the string, or the first ones when the view's limit was reached. */
  pieces: TokenPiece[];
  /** How many tokens the whole string has. */
  tokens: number;
}

export interface MessageTokens {
  /** The non-empty strings of the message, in request order. */
  parts: TokenPart[];
  /** The wrapping around the message and its tool calls, which has no text. */
  framing: number;
  /** Its images' tokens (a fixed price each): content, not framing. */
  images: number;
  /** Its encrypted parts' tokens. */
  encrypted: number;
  /** Text, framing, images and encrypted parts together: the message's unscaled count. */
  total: number;
  /** Every part's pieces are all there (no limit was reached). */
  complete: boolean;
}

/**
 * Tokens shown per message at most: the page draws an element for each, and
 * a tool result of 60,000 tokens must open at once. The counts stay whole.
 */
export const TOKEN_VIEW_LIMIT = 2_000;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A token's bytes as text, or as `\xNN` escapes when they are not whole characters. */
function pieceOf(id: number, bytes: ByteString): TokenPiece {
  const array = Uint8Array.from(bytes, (c) => c.charCodeAt(0));
  try {
    return { id, text: strictUtf8.decode(array), partial: false };
  } catch {
    const hex = Array.from(array, (b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
    return { id, text: hex, partial: true };
  }
}

/**
 * The tokens of `text`, at most `limit` of them. Split into pieces by the
 * encoding's pattern, each piece merged as tiktoken merges it (a piece that
 * is a token whole is that token), so the ids are tiktoken's own.
 */
export function encodePieces(encoding: BpeEncoding, text: string, limit: number): TokenPiece[] {
  const { table } = encoding;
  const pieces: TokenPiece[] = [];
  const pattern = new RegExp(splitPattern(encoding.pattern), 'gu');
  for (let match = pattern.exec(text); match !== null && pieces.length < limit; match = pattern.exec(text)) {
    const bytes = utf8ByteString(match[0]);
    const whole = rankOfBytes(table, bytes, 0, bytes.length);
    if (whole >= 0) {
      pieces.push(pieceOf(whole, bytes));
      continue;
    }
    const starts = tokenStarts(table, bytes);
    for (let k = 0; k + 1 < starts.length && pieces.length < limit; k++) {
      const token = bytes.substring(starts[k], starts[k + 1]);
      pieces.push(pieceOf(rankOfBytes(table, token, 0, token.length), token));
    }
  }
  return pieces;
}

/**
 * `message` token by token, showing at most `limit` tokens in all (the first
 * strings first); `count` counts each whole string, so the totals hold even
 * when the pieces stop early.
 */
export function messageTokens(
  message: Message,
  encoding: BpeEncoding,
  count: TextCounter,
  limit: number,
): MessageTokens {
  const parts: TokenPart[] = [];
  let left = limit;
  let complete = true;
  let total = framingTokens(message);
  for (const { label, text } of countedTexts(message)) {
    if (!text) continue;
    const tokens = count(text);
    const pieces = left > 0 ? encodePieces(encoding, text, left) : [];
    left -= pieces.length;
    if (pieces.length < tokens) complete = false;
    parts.push({ label, pieces, tokens });
    total += tokens;
  }
  return { parts, ...nonTextTokens(message), total, complete };
}
