/**
 * Content the provider keeps encrypted (Responses `encrypted_content` on
 * reasoning and compaction items): the model reads it when it is sent back,
 * so it fills the context, but there is no text to count. Its size is all we have, and it is a fair measure: the
 * blob is base64 of the ciphertext, which is about as long as the text.
 */

/** Characters of text per token, the usual rule of thumb for English and code. */
const CHARS_PER_TOKEN = 4;

/**
 * Estimated tokens of the text behind an encrypted blob: base64 carries three
 * bytes in four characters, and a token is about four bytes of text. A 41 KB
 * compaction item is about 7,700 tokens, not the dozen its placeholder text
 * would count.
 */
export function encryptedTokens(blob: string | undefined): number {
  if (!blob) return 0;
  return Math.ceil((blob.length * 3) / 4 / CHARS_PER_TOKEN);
}
