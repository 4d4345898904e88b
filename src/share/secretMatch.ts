/**
 * What every secret pattern is made of: the kinds, a pattern's shape, the
 * token boundaries, and what counts as a placeholder rather than a value.
 * The patterns themselves are in `secretPatterns.ts` and `passwordPatterns.ts`.
 */

export type SecretKind =
  | 'private-key'
  | 'putty-private-key'
  | 'anthropic-key'
  | 'openrouter-key'
  | 'openai-key'
  | 'groq-key'
  | 'google-key'
  | 'google-oauth-secret'
  | 'xai-key'
  | 'huggingface-token'
  | 'github-fine-grained-token'
  | 'github-token'
  | 'gitlab-token'
  | 'npm-token'
  | 'pypi-token'
  | 'aws-access-key'
  | 'aws-secret-key'
  | 'jwt'
  | 'slack-webhook'
  | 'slack-token'
  | 'stripe-key'
  | 'sendgrid-key'
  | 'twilio-key'
  | 'shopify-token'
  | 'digitalocean-token'
  | 'kubernetes-bootstrap-token'
  | 'azure-connection-string'
  | 'basic-auth'
  | 'docker-auth'
  | 'bearer-token'
  | 'url-credentials'
  | 'url-secret-param'
  | 'curl-credentials'
  | 'sshpass-password'
  | 'mysql-password'
  | 'password-flag'
  | 'netrc-password'
  | 'pgpass-password'
  | 'env-password'
  | 'env-secret'
  | 'password-assignment'
  | 'secret-assignment';

export interface SecretPattern {
  kind: SecretKind;
  label: string;
  /**
   * Must be global; named groups, where used: `lead` (what must come first, such as the
   * command before its flag: neither shown nor replaced), then `keep` (shown and kept), then
   * `secret` (masked and replaced), each right after the one before.
   */
  regex: RegExp;
  /** How many leading characters of the secret identify its kind and may be shown. */
  shownPrefix: number;
  /** A preview other than prefix…tail, where the tail would show part of a password. */
  mask?: (secret: string) => string;
  /** False for a match that is a placeholder or too plain to be a secret. */
  accept?: (secret: string, keep: string) => boolean;
}

// Boundaries: a key prefix only counts at the start of a token, not inside a word.
export const B = '(?<![A-Za-z0-9_-])';
// The end of a token of the given alphabet.
export const E = '(?![A-Za-z0-9_-])';
// A quote around a name or value, also escaped inside a JSON string (`\"password\": \"…\"`).
export const Q = `(?:\\\\?["'])?`;
// Between a name and its value: `=`, `:`, `: "`, `= '` and the like.
export const SEP = `${Q}[ \\t]*[:=][ \\t]*${Q}`;

/** Filler that stands for a key in docs and examples: `xxxxxxxx`, `********`, `xoxb-XXXX-XXXX`. */
export function isFiller(secret: string): boolean {
  if (/([xX*•#.])\1{7,}|0{12,}/.test(secret) || /^(.)\1{3,}$/.test(secret)) return true;
  // `xoxb-XXXX-XXXX-XXXX`: a shape written out with X's.
  return secret.length >= 8 && (secret.match(/[xX*•#]/g)?.length ?? 0) * 2 >= secret.length;
}

/** A stand-in rather than a value: a variable, a template, a reference in code, filler or a sample word. */
export function isPlaceholder(value: string): boolean {
  if (isFiller(value)) return true;
  // $TOKEN, ${TOKEN}, %TOKEN%, {{ token }}, <token>, [redacted]
  if (/^(?:\$|%[A-Za-z_]|\{\{|<|\[)/.test(value)) return true;
  // YOUR_API_KEY, MY_SECRET: the name of a variable, not its value.
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(value)) return true;
  // process.env.X, os.environ.get, config.secret, this.password: a reference in code.
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?$/.test(value)) return true;
  if (/process\.env|os\.environ|getenv\(|ENV\[/.test(value)) return true;
  return /\.\.\.|…|your[_-]|[_-]here$|example|placeholder|changeme|change[_-]me|dummy|redacted|replace[_-]?me|insert[_-]|^(?:password|passwd|secret|token|pass|none|null|undefined|true|false)$/i.test(
    value,
  );
}

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / text.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Looks random: letters and digits mixed, no placeholder, at least 3 bits a character. */
export function looksRandom(value: string): boolean {
  if (isPlaceholder(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(value)).length;
  return classes >= 2 && entropy(value) >= 3;
}

export const notFiller = (secret: string) => !isFiller(secret);

/** Names of counts, not secrets: `MAX_TOKENS`, `TOKENIZER`, `TOKEN_LIMIT`. */
export const COUNTING_NAME = /TOKENS|TOKENIZER|TOKEN_(?:COUNT|LIMIT|BUDGET|TYPE)/i;

/**
 * A value after a password's name: quoted, anything but a placeholder; unquoted,
 * at least six characters with a digit or a sign in them (`password: string`,
 * `password: Optional` in code are types, not passwords).
 */
export function acceptPassword(secret: string, keep: string): boolean {
  if (isPlaceholder(secret)) return false;
  if (/["']$/.test(keep)) return true;
  return secret.length >= 6 && /[^A-Za-z]/.test(secret);
}

export const hideAll = () => '…';
