/**
 * Real-shaped examples of every secret kind the share scanner knows, made at
 * run time from random characters of each format's alphabet and length. None
 * is a real key, and no complete key-shaped literal sits in this file (a
 * secret scanner reading the repository has nothing to flag): each example is
 * a prefix and random characters joined when a test asks for it.
 *
 * The unit tests of `src/share/secrets.ts`, the command line's `share` tests
 * and the end-to-end share dialog test all draw from here.
 */
import type { SecretKind } from '../src/share/secretPatterns';
import { rng } from './rng';

export interface SecretExample {
  kind: SecretKind;
  /** Which shape of the kind this is (`ini`, `json`, `xoxp`, `PGP`…). */
  variant: string;
  /** The text around the secret as a transcript would hold it. */
  text: string;
  /** The secret part: none of it may be left in a shared link after redaction. */
  secret: string;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = UPPER + LOWER + DIGITS;
const URLSAFE = `${ALNUM}_-`;
const BASE64 = `${ALNUM}+/`;
const HEX = '0123456789abcdef';

/** The examples, one or more per kind, from `seed` (a new seed gives new characters). */
export function secretExamples(seed: number): SecretExample[] {
  const random = rng(seed);
  // Each drawn string has a letter and a digit, so the loosest kinds see it as random, as real keys are.
  const pick = (alphabet: string, n: number): string => {
    for (;;) {
      let out = '';
      for (let i = 0; i < n; i++) out += alphabet[Math.floor(random() * alphabet.length)];
      if (n < 8 || alphabet.length < 16 || (/[A-Za-z]/.test(out) && /[0-9]/.test(out))) return out;
    }
  };
  const digits = (n: number) => String(1 + Math.floor(random() * 9)) + pick(DIGITS, n - 1);
  const b64url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
  const pem = (label: string) =>
    [
      `-----BEGIN ${label}-----`,
      pick(BASE64, 64),
      pick(BASE64, 64),
      `${pick(BASE64, 20)}==`,
      `-----END ${label}-----`,
    ].join('\n');

  const list: SecretExample[] = [];
  const add = (kind: SecretKind, variant: string, secret: string, around: (s: string) => string = (s) => s) =>
    list.push({ kind, variant, secret, text: around(secret) });

  for (const label of ['RSA PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY', 'ENCRYPTED PRIVATE KEY']) {
    add('private-key', label.split(' ')[0], pem(label), (s) => `cat ~/.ssh/key\n${s}\n`);
  }
  const pgp = [
    `-----BEGIN PGP PRIVATE KEY BLOCK-----`,
    '',
    pick(BASE64, 64),
    `=${pick(BASE64, 4)}`,
    `-----END PGP PRIVATE KEY BLOCK-----`,
  ].join('\n');
  add('private-key', 'PGP', pgp, (s) => `gpg --export-secret-keys --armor\n${s}`);

  const putty = [
    `PuTTY-User-Key-File-3: ssh-ed25519`,
    'Encryption: none',
    `Comment: ${pick(LOWER, 5)}@laptop`,
    'Public-Lines: 2',
    pick(BASE64, 64),
    pick(BASE64, 4),
    'Private-Lines: 1',
    `${pick(BASE64, 44)}`,
    `Private-MAC: ${pick(HEX, 64)}`,
  ].join('\n');
  add('putty-private-key', 'ppk3', putty, (s) => `type deploy.ppk\n${s}\n`);

  add('anthropic-key', 'api03', `sk-ant-api03-${pick(URLSAFE, 93)}AA`, (s) => `x-api-key: ${s}`);
  add('openrouter-key', 'v1', `sk-or-v1-${pick(HEX, 64)}`, (s) => `OPENROUTER=${s}`);
  add('openai-key', 'project', `sk-proj-${pick(URLSAFE, 156)}`, (s) => `my key is ${s}, please use it`);
  add('openai-key', 'legacy', `sk-${pick(ALNUM, 48)}`, (s) => `openai.api_key = "${s}"`);
  add('groq-key', 'gsk', `gsk_${pick(ALNUM, 52)}`, (s) => `GROQ=${s}`);
  add('google-key', 'AIza', `AIza${pick(URLSAFE, 35)}`, (s) => `GET /v1/models?key=${s}`);
  add('google-oauth-secret', 'GOCSPX', `GOCSPX-${pick(URLSAFE, 28)}`, (s) => `"client_secret":"${s}"`);
  add('xai-key', 'xai', `xai-${pick(ALNUM, 80)}`, (s) => `XAI=${s}`);
  add('huggingface-token', 'hf', `hf_${pick(ALNUM, 34)}`, (s) => `huggingface-cli login --token ${s}`);
  add(
    'github-fine-grained-token',
    'github_pat',
    `github_pat_${pick(ALNUM, 22)}_${pick(ALNUM, 59)}`,
    (s) => `git remote set-url origin https://${s}@github.com/acme/app.git`,
  );
  for (const prefix of ['ghp', 'gho', 'ghs']) {
    add('github-token', prefix, `${prefix}_${pick(ALNUM, 36)}`, (s) => `gh auth login --with-token <<< ${s}`);
  }
  add('gitlab-token', 'glpat', `glpat-${pick(URLSAFE, 20)}`, (s) => `PRIVATE-TOKEN: ${s}`);
  add('npm-token', 'npm', `npm_${pick(ALNUM, 36)}`, (s) => `//registry.npmjs.org/:_authToken=${s}`);
  add('pypi-token', 'pypi', `pypi-AgEIcHlwaS5vcmc${pick(URLSAFE, 60)}`, (s) => `password = ${s}`);
  add('aws-access-key', 'AKIA', `AKIA${pick(UPPER + DIGITS, 16)}`, (s) => `aws_access_key_id = ${s}`);

  const aws = () => pick(BASE64, 40);
  add('aws-secret-key', 'ini', aws(), (s) => `[default]\naws_secret_access_key = ${s}\n`);
  add('aws-secret-key', 'env', aws(), (s) => `export AWS_SECRET_ACCESS_KEY=${s}`);
  add('aws-secret-key', 'json', aws(), (s) => `{"AccessKeyId": "ASIA", "SecretAccessKey": "${s}"}`);
  add('aws-secret-key', 'yaml', aws(), (s) => `credentials:\n  aws_secret_access_key: ${s}\n`);

  const jwt = [
    b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    b64url(JSON.stringify({ sub: digits(8), name: pick(LOWER, 6), iat: 1700000000 })),
    pick(URLSAFE, 43),
  ].join('.');
  add('jwt', 'HS256', jwt, (s) => `{"id_token": "${s}"}`);

  add(
    'slack-webhook',
    'services',
    `T${pick(UPPER + DIGITS, 8)}/B${pick(UPPER + DIGITS, 10)}/${pick(ALNUM, 24)}`,
    (s) => `curl -X POST https://hooks.slack.com/services/${s} -d '{"text":"hi"}'`,
  );
  add('slack-token', 'xoxb', `xoxb-${digits(12)}-${digits(13)}-${pick(ALNUM, 24)}`, (s) => `SLACK=${s}`);
  add('slack-token', 'xoxp', `xoxp-${digits(12)}-${digits(12)}-${digits(13)}-${pick(HEX, 32)}`);
  add('slack-token', 'xoxe', `xoxe.xoxp-1-${pick(ALNUM, 40)}`, (s) => `refresh ${s}`);
  add('slack-token', 'xapp', `xapp-1-A${pick(UPPER + DIGITS, 10)}-${digits(13)}-${pick(HEX, 64)}`);

  add('stripe-key', 'sk_live', `sk_live_${pick(ALNUM, 99)}`, (s) => `stripe.api_key = '${s}'`);
  add('stripe-key', 'rk_live', `rk_live_${pick(ALNUM, 24)}`);
  add('stripe-key', 'sk_test', `sk_test_${pick(ALNUM, 24)}`, (s) => `STRIPE=${s}`);
  add('stripe-key', 'whsec', `whsec_${pick(ALNUM, 32)}`);
  add('sendgrid-key', 'SG', `SG.${pick(URLSAFE, 22)}.${pick(URLSAFE, 43)}`, (s) => `sg = SendGrid('${s}')`);
  add('twilio-key', 'SK', `SK${pick(HEX, 32)}`, (s) => `client = Client("${s}", secret)`);
  add('shopify-token', 'shpat', `shpat_${pick(HEX, 32)}`, (s) => `X-Shopify-Access-Token: ${s}`);
  add('digitalocean-token', 'dop', `dop_v1_${pick(HEX, 64)}`, (s) => `doctl auth init -t ${s}`);
  add(
    'kubernetes-bootstrap-token',
    'kubeadm',
    `${pick(LOWER + DIGITS, 6)}.${pick(LOWER + DIGITS, 16)}`,
    (s) => `kubeadm join 10.0.0.1:6443 --token ${s} --discovery-token-ca-cert-hash sha256:${pick(HEX, 64)}`,
  );
  add(
    'azure-connection-string',
    'storage',
    `${pick(BASE64, 86)}==`,
    (s) =>
      `DefaultEndpointsProtocol=https;AccountName=acme${pick(LOWER, 4)};AccountKey=${s};EndpointSuffix=core.windows.net`,
  );
  add(
    'azure-connection-string',
    'service-bus',
    `${pick(BASE64, 43)}=`,
    (s) =>
      `Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=${s}`,
  );
  add(
    'basic-auth',
    'header',
    btoa(`${pick(LOWER, 6)}:${pick(ALNUM, 14)}`),
    (s) => `curl -H "Authorization: Basic ${s}" https://api.example.com`,
  );
  add(
    'docker-auth',
    'config.json',
    btoa(`${pick(LOWER, 6)}:${pick(ALNUM, 16)}`),
    (s) => `{"auths": {"registry.example.com": {"auth": "${s}"}}}`,
  );
  add('bearer-token', 'header', pick(URLSAFE, 32), (s) => `curl -H "Authorization: Bearer ${s}"`);
  add(
    'url-credentials',
    'postgres',
    `${pick(LOWER, 5)}:${pick(ALNUM, 12)}@`,
    (s) => `psql postgres://${s}db.internal:5432/app`,
  );
  add(
    'url-credentials',
    'mongodb+srv',
    `admin:${pick(ALNUM, 16)}@`,
    (s) => `MONGO=mongodb+srv://${s}cluster0.mongodb.net/`,
  );
  add('url-credentials', 'redis', `:${pick(ALNUM, 20)}@`, (s) => `redis-cli -u redis://${s}cache:6379/0`);
  add(
    'url-secret-param',
    'token',
    pick(ALNUM, 24),
    (s) => `GET https://api.example.com/v1/items?token=${s}&page=2`,
  );
  add(
    'url-secret-param',
    'password',
    pick(ALNUM, 10),
    (s) => `https://router.local/login?user=admin&password=${s}`,
  );
  add('curl-credentials', '-u', pick(ALNUM, 14), (s) => `curl -u deploy:${s} https://ci.example.com/api`);
  add(
    'curl-credentials',
    '--user',
    pick(ALNUM, 14),
    (s) => `curl -sS --user 'ada:${s}' -O https://x.example.com`,
  );
  add('sshpass-password', '-p', pick(ALNUM, 12), (s) => `sshpass -p ${s} ssh ada@10.0.0.7 uptime`);
  add('mysql-password', '-pPASSWORD', pick(ALNUM, 12), (s) => `mysql -h db.internal -u root -p${s} app`);
  add(
    'password-flag',
    'wget',
    pick(ALNUM, 12),
    (s) => `wget --user=ada --password ${s} https://example.com/a.zip`,
  );
  add(
    'netrc-password',
    'one line',
    pick(ALNUM, 14),
    (s) => `machine api.example.com login ada password ${s}`,
  );
  add(
    'netrc-password',
    'lines',
    pick(ALNUM, 14),
    (s) => `cat ~/.netrc\nmachine git.example.com\n  login ada\n  password ${s}\n`,
  );
  add('pgpass-password', 'line', pick(ALNUM, 14), (s) => `cat ~/.pgpass\ndb.internal:5432:app:ada:${s}\n`);
  add('env-password', 'DB_PASS', pick(ALNUM, 12), (s) => `DB_PASS=${s}`);
  add('env-password', 'SMTP_PASS', `${pick(ALNUM, 10)}!`, (s) => `export SMTP_PASS="${s}"`);
  add('env-password', 'MYSQL_PWD', pick(ALNUM, 10), (s) => `MYSQL_PWD=${s} mysql -u root app`);
  add('env-password', 'PASSWD', pick(ALNUM, 9), (s) => `PASSWD=${s}`);
  add(
    'env-secret',
    'env',
    `${pick(LOWER, 5)}-${pick(LOWER, 6)}-${digits(4)}`,
    (s) => `DATABASE_PASSWORD=${s}`,
  );
  add('password-assignment', 'env-lowercase', `${pick(ALNUM, 12)}!`, (s) => `db_password=${s}`);
  add('password-assignment', 'json', pick(ALNUM, 14), (s) => `{"user": "ada", "password": "${s}"}`);
  add('password-assignment', 'yaml', `${pick(ALNUM, 10)}#2`, (s) => `database:\n  password: ${s}\n`);
  add('secret-assignment', 'yaml', pick(ALNUM, 32), (s) => `oauth:\n  client_secret: ${s}\n`);
  add('secret-assignment', 'json', pick(ALNUM, 40), (s) => `{"apiKey": "${s}", "region": "eu"}`);
  add('secret-assignment', 'env-lowercase', pick(HEX, 40), (s) => `token=${s}`);
  return list;
}

/**
 * The kinds of the examples whose secret is still in `text`: whole, escaped as
 * in JSON (a private key's newlines are `\n` there), or any line of it of 16
 * characters or more (a private key's body without its BEGIN and END lines, a
 * PuTTY key's without its `Name: value` lines).
 */
export function secretsLeftIn(text: string, examples: readonly SecretExample[]): SecretKind[] {
  return examples
    .filter((e) => {
      // A key file's BEGIN line and `Name: value` header lines are shown in a finding's preview.
      const pieces = e.secret
        .split('\n')
        .filter((line) => line.length >= 16 && !line.startsWith('-----') && !/^[A-Za-z][\w-]*: /.test(line));
      return [e.secret, JSON.stringify(e.secret).slice(1, -1), ...pieces].some((piece) =>
        text.includes(piece),
      );
    })
    .map((e) => e.kind);
}
