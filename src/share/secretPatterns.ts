/**
 * The table of secret kinds the share scanner knows (`secrets.ts` runs it).
 *
 * Two families:
 * - **Shaped keys**: a vendor prefix and a known length and alphabet
 *   (`sk-ant-…`, `github_pat_…`, `AKIA…`, JWTs, PEM blocks). Specific enough to
 *   flag wherever they appear; only filler such as `sk-xxxxxxxx…` is let go.
 * - **Named values**: a value next to a name that says it is secret
 *   (`aws_secret_access_key = …`, `"password": "…"`, `client_secret: …`). The
 *   value must not look like a placeholder (`YOUR_API_KEY`, `<token>`,
 *   `${TOKEN}`, `process.env.X`, `xxxxxxxx`), and for the loosest names it must
 *   look random (letters and digits, enough entropy). The passwords that
 *   commands and credential files name by their layout (`curl -u`, `.netrc`,
 *   `DB_PASS=`) are in `passwordPatterns.ts`, tried before the loosest names.
 *
 * Patterns are deliberately specific (known prefixes, minimum lengths, word
 * boundaries) so that prose such as "risk-averse" or "sk-learn" is not
 * flagged: a list full of false alarms teaches people to ignore it. Every
 * name-led pattern starts at a token boundary, so a long run of base64 is
 * tried once, not once per character.
 */
import {
  B,
  COUNTING_NAME,
  E,
  Q,
  SEP,
  acceptPassword,
  hideAll,
  isPlaceholder,
  looksRandom,
  notFiller,
  type SecretKind,
  type SecretPattern,
} from './secretMatch';
import { PASSWORD_PATTERNS } from './passwordPatterns';

export type { SecretKind, SecretPattern } from './secretMatch';
export { isFiller, isPlaceholder, looksRandom } from './secretMatch';

/**
 * Most specific first: where two patterns match the same text, the earlier
 * one names it (an `sk-ant-` key is an Anthropic key, not an OpenAI one; a key
 * in `OPENAI_API_KEY=sk-…` is the OpenAI key, not an environment variable).
 */
export const PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'private-key',
    label: 'private key block',
    regex:
      /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,20000}?-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\r\n\\]{39,}[A-Za-z0-9+/=])/g,
    shownPrefix: 0,
    mask: (secret) => `${secret.split(/\r?\n|\\n/)[0]}…`,
  },
  {
    kind: 'putty-private-key',
    label: 'PuTTY private key file',
    // From its first line to the private lines' MAC (or the end of their base64 when cut short).
    regex:
      /PuTTY-User-Key-File-\d+: [^\r\n\\]+[\s\S]{0,8000}?Private-Lines: \d+(?:\r?\n|\\r\\n|\\n)(?:[A-Za-z0-9+/=]+(?:\r?\n|\\r\\n|\\n))*(?:Private-(?:MAC|Hash): [0-9a-fA-F]+|[A-Za-z0-9+/=]{16,}(?![A-Za-z0-9+/=-]))?/g,
    shownPrefix: 0,
    mask: (secret) => `${secret.split(/\r?\n|\\[rn]/)[0]}…`,
  },
  {
    kind: 'anthropic-key',
    label: 'Anthropic API key',
    regex: new RegExp(`${B}sk-ant-[A-Za-z0-9_-]{20,}`, 'g'),
    shownPrefix: 7,
    accept: notFiller,
  },
  {
    kind: 'openrouter-key',
    label: 'OpenRouter API key',
    regex: new RegExp(`${B}sk-or-[A-Za-z0-9_-]{20,}`, 'g'),
    shownPrefix: 6,
    accept: notFiller,
  },
  {
    kind: 'openai-key',
    label: 'OpenAI API key',
    regex: new RegExp(`${B}sk-[A-Za-z0-9_-]{20,}`, 'g'),
    shownPrefix: 3,
    accept: notFiller,
  },
  {
    kind: 'groq-key',
    label: 'Groq API key',
    regex: new RegExp(`${B}gsk_[A-Za-z0-9]{20,}`, 'g'),
    shownPrefix: 4,
    accept: notFiller,
  },
  {
    kind: 'google-key',
    label: 'Google API key',
    regex: new RegExp(`${B}AIza[0-9A-Za-z_-]{35}`, 'g'),
    shownPrefix: 4,
    accept: notFiller,
  },
  {
    kind: 'google-oauth-secret',
    label: 'Google OAuth client secret',
    regex: new RegExp(`${B}GOCSPX-[A-Za-z0-9_-]{28}${E}`, 'g'),
    shownPrefix: 7,
    accept: notFiller,
  },
  {
    kind: 'xai-key',
    label: 'xAI API key',
    regex: new RegExp(`${B}xai-[A-Za-z0-9]{20,}`, 'g'),
    shownPrefix: 4,
    accept: notFiller,
  },
  {
    kind: 'huggingface-token',
    label: 'Hugging Face token',
    regex: new RegExp(`${B}hf_[A-Za-z0-9]{30,}`, 'g'),
    shownPrefix: 3,
    accept: notFiller,
  },
  {
    kind: 'github-fine-grained-token',
    label: 'GitHub fine-grained token',
    regex: new RegExp(`${B}github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}${E}`, 'g'),
    shownPrefix: 11,
    accept: notFiller,
  },
  {
    kind: 'github-token',
    label: 'GitHub token',
    regex: new RegExp(`${B}(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})`, 'g'),
    shownPrefix: 4,
    accept: notFiller,
  },
  {
    kind: 'gitlab-token',
    label: 'GitLab token',
    regex: new RegExp(
      `${B}(?:glpat|gldt|glrt|glptt|glsoat|glft|glcbt)-[A-Za-z0-9_-]{20,}(?:\\.[A-Za-z0-9_-]+)*`,
      'g',
    ),
    shownPrefix: 6,
    accept: notFiller,
  },
  {
    kind: 'npm-token',
    label: 'npm access token',
    regex: new RegExp(`${B}npm_[A-Za-z0-9]{36}${E}`, 'g'),
    shownPrefix: 4,
    accept: notFiller,
  },
  {
    kind: 'pypi-token',
    label: 'PyPI upload token',
    regex: new RegExp(`${B}pypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{40,}`, 'g'),
    shownPrefix: 5,
    accept: notFiller,
  },
  {
    kind: 'aws-access-key',
    label: 'AWS access key id',
    regex: /(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])/g,
    shownPrefix: 4,
    accept: notFiller,
  },
  {
    kind: 'aws-secret-key',
    label: 'AWS secret access key',
    regex: new RegExp(
      `(?<keep>(?<![A-Za-z0-9_])(?:aws_?)?secret_?access_?key${SEP})(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
      'gi',
    ),
    shownPrefix: 0,
    accept: notFiller,
  },
  {
    kind: 'jwt',
    label: 'JSON Web Token',
    regex: new RegExp(`${B}eyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{16,}`, 'g'),
    shownPrefix: 3,
  },
  {
    kind: 'slack-webhook',
    label: 'Slack webhook URL',
    regex:
      /(?<keep>https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/)(?<secret>[A-Za-z0-9]{8,}\/[A-Za-z0-9_/-]{16,})/g,
    shownPrefix: 0,
    mask: hideAll,
    accept: notFiller,
  },
  {
    kind: 'slack-token',
    label: 'Slack token',
    regex: new RegExp(`${B}(?:xox[abposre](?:\\.xox[bp])?|xapp)-[A-Za-z0-9-]{10,}`, 'g'),
    shownPrefix: 5,
    accept: notFiller,
  },
  {
    kind: 'stripe-key',
    label: 'Stripe secret key',
    regex: new RegExp(`${B}(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{20,}|whsec_[A-Za-z0-9]{24,})${E}`, 'g'),
    shownPrefix: 8,
    accept: notFiller,
  },
  {
    kind: 'sendgrid-key',
    label: 'SendGrid API key',
    regex: new RegExp(`${B}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${E}`, 'g'),
    shownPrefix: 3,
    accept: notFiller,
  },
  {
    kind: 'twilio-key',
    label: 'Twilio API key',
    regex: /(?<![A-Za-z0-9_])SK[0-9a-f]{32}(?![A-Za-z0-9_])/g,
    shownPrefix: 2,
    accept: notFiller,
  },
  {
    kind: 'shopify-token',
    label: 'Shopify access token',
    regex: new RegExp(`${B}shp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}${E}`, 'g'),
    shownPrefix: 6,
    accept: notFiller,
  },
  {
    kind: 'digitalocean-token',
    label: 'DigitalOcean token',
    regex: new RegExp(`${B}do[opr]_v1_[a-f0-9]{64}${E}`, 'g'),
    shownPrefix: 7,
    accept: notFiller,
  },
  {
    kind: 'kubernetes-bootstrap-token',
    label: 'Kubernetes bootstrap token',
    // `[a-z0-9]{6}.[a-z0-9]{16}`, the secret half mixing letters and digits; not inside a host or file name.
    regex:
      /\b[a-z0-9]{6}\.(?<![./@-][a-z0-9]{6}\.)(?=[a-z0-9]{0,15}[0-9])(?=[a-z0-9]{0,15}[a-z])[a-z0-9]{16}(?![A-Za-z0-9_@/-]|\.[A-Za-z0-9])/g,
    shownPrefix: 7,
    // The id before the dot is public; the secret after it shows nothing.
    mask: (secret) => `${secret.slice(0, 7)}…`,
    accept: notFiller,
  },
  {
    kind: 'azure-connection-string',
    label: 'Azure connection string key',
    regex:
      /(?<keep>(?<![A-Za-z0-9_])(?:AccountKey|SharedAccessKey|SharedSecretValue|SharedAccessSignature)=)(?<secret>[^;\s"'\\<>[]{16,})/g,
    shownPrefix: 0,
    accept: (secret) => !isPlaceholder(secret),
  },
  {
    kind: 'basic-auth',
    label: 'basic auth credentials',
    regex: new RegExp(
      `(?<keep>(?<![A-Za-z0-9_-])[Aa]uthorization${SEP}Basic[ \\t]+)(?<secret>[A-Za-z0-9+/]{8,}={0,2})`,
      'g',
    ),
    shownPrefix: 0,
    accept: notFiller,
  },
  {
    kind: 'bearer-token',
    label: 'bearer token',
    regex: /(?<keep>\b(?:Bearer|bearer|BEARER)[ \t]+)(?<secret>[A-Za-z0-9._~+/=-]{16,})/g,
    shownPrefix: 0,
    accept: (secret) => !isPlaceholder(secret),
  },
  {
    kind: 'url-credentials',
    label: 'password in a URL',
    regex: /(?<keep>\b[A-Za-z][A-Za-z0-9+.-]{0,20}:\/\/)(?<secret>[^\s/?#@:"'<>\\]*:[^\s/?#@"'<>\\]+@)/g,
    shownPrefix: 0,
    mask: (secret) => `${secret.slice(0, secret.indexOf(':'))}:…@`,
    accept: (secret) => !isPlaceholder(secret.slice(secret.indexOf(':') + 1, -1)),
  },
  {
    kind: 'url-secret-param',
    label: 'secret in a URL parameter',
    regex:
      /(?<keep>[?&](?:api[_-]?key|key|(?:access|refresh|id|auth)[_-]?token|token|auth|secret|client[_-]?secret|password|passwd|pwd|sig|signature|x-amz-signature)=)(?<secret>[^&\s#"'<>\\`]{6,})/gi,
    shownPrefix: 0,
    accept: (secret, keep) =>
      !isPlaceholder(decodeURIComponentSafe(secret)) && (secret.length >= 8 || /pass|pwd/i.test(keep)),
  },
  ...PASSWORD_PATTERNS,
  {
    kind: 'env-secret',
    label: 'secret in an environment variable',
    regex:
      /(?<keep>\b[A-Z0-9_]*(?:API_KEY|APIKEY|SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|PRIVATE_KEY|CREDENTIALS?)[A-Z0-9_]*[ \t]*[=:][ \t]*["']?)(?<secret>[^\s"'$\\`][^\s"'\\`]{7,})/g,
    shownPrefix: 0,
    accept: (secret, keep) => !isPlaceholder(secret) && !/^\d+$/.test(secret) && !COUNTING_NAME.test(keep),
  },
  {
    kind: 'password-assignment',
    label: 'password',
    regex: new RegExp(
      `(?<keep>(?<![A-Za-z0-9_.-])${Q}[A-Za-z0-9_.-]*(?:password|passwd|passphrase)${SEP})(?<secret>(?<=["'])[^"'\\\\\\r\\n<>{}[\\]\`]{4,200}(?=\\\\?["'])|[^\\s"'\\\\,;<>{}()[\\]\`]{4,})`,
      'gi',
    ),
    shownPrefix: 0,
    mask: hideAll,
    accept: acceptPassword,
  },
  {
    kind: 'secret-assignment',
    label: 'random value of a secret-named field',
    regex: new RegExp(
      `(?<keep>(?<![A-Za-z0-9_.-])${Q}[A-Za-z0-9_.-]*(?:secret|token|api[_-]?key|access[_-]?key|auth[_-]?key|private[_-]?key|signing[_-]?key|encryption[_-]?key|credentials?)(?:[_-]?(?:key|value|b64|base64))?${SEP})(?<secret>[A-Za-z0-9+/=_.~-]{12,})`,
      'gi',
    ),
    shownPrefix: 0,
    accept: (secret, keep) => looksRandom(secret) && !COUNTING_NAME.test(keep),
  },
];

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every kind the scanner knows, in the order it tries them. */
export const SECRET_KINDS: readonly SecretKind[] = PATTERNS.map((p) => p.kind);

/** The label a finding of each kind carries ("Slack token", "password in a URL"). */
export const SECRET_LABELS: Readonly<Record<SecretKind, string>> = Object.fromEntries(
  PATTERNS.map((p) => [p.kind, p.label]),
) as Record<SecretKind, string>;
