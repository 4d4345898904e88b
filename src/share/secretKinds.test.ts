import { describe, expect, test } from 'vitest';
import { secretExamples } from '../../testing/secretExamples';
import { SECRET_KINDS, SECRET_LABELS, findSecretsInText, redactSecretsInText } from './secrets';

// A new seed each run: the examples are random characters of each format, never real keys.
const SEED = Date.now() % 1_000_000;
const EXAMPLES = secretExamples(SEED);

describe(`an example of every kind (seed ${SEED})`, () => {
  test('the examples cover every kind the scanner knows', () => {
    expect([...new Set(EXAMPLES.map((e) => e.kind))].sort()).toEqual([...SECRET_KINDS].sort());
  });

  test('every kind has a label of its own', () => {
    const labels = SECRET_KINDS.map((kind) => SECRET_LABELS[kind]);
    expect(new Set(labels).size).toBe(SECRET_KINDS.length);
  });

  test.each(EXAMPLES.map((e) => [`${e.kind} (${e.variant})`, e] as const))(
    '%s is found at the secret’s exact offsets, under its kind',
    (_name, example) => {
      const start = example.text.indexOf(example.secret);
      expect(findSecretsInText(example.text).map(({ kind, start, end }) => ({ kind, start, end }))).toEqual([
        { kind: example.kind, start, end: start + example.secret.length },
      ]);
    },
  );

  test.each(EXAMPLES.map((e) => [`${e.kind} (${e.variant})`, e] as const))(
    '%s is redacted so that nothing of it is left and a rescan finds nothing',
    (_name, example) => {
      const redacted = redactSecretsInText(example.text);
      expect(redacted).not.toContain(example.secret);
      expect(findSecretsInText(redacted)).toEqual([]);
      // What was around the secret stays.
      const before = example.text.slice(0, example.text.indexOf(example.secret));
      const block = example.kind === 'private-key' || example.kind === 'putty-private-key';
      if (example.kind !== 'url-credentials') {
        expect(redacted).toContain(`${before}${block ? '[redacted private key]' : '[redacted]'}`);
      }
    },
  );

  test('every example in one text is found once, in order, and all go in one redaction', () => {
    const text = EXAMPLES.map((e) => e.text).join('\n\n');
    expect(findSecretsInText(text).map((f) => f.kind)).toEqual(EXAMPLES.map((e) => e.kind));
    const redacted = redactSecretsInText(text);
    for (const example of EXAMPLES) expect(redacted).not.toContain(example.secret);
  });

  test('a preview never shows a password or a named secret, only where it was', () => {
    const previews = EXAMPLES.map((e) => findSecretsInText(e.text)[0].preview);
    for (const [i, example] of EXAMPLES.entries()) {
      expect(previews[i]).not.toContain(example.secret);
    }
    const find = (text: string) => findSecretsInText(text)[0].preview;
    expect(find('{"password": "correct7horse"}')).toBe('"password": "…');
    expect(find('db_password=hunter2!!')).toBe('db_password=…');
  });
});

describe('shapes of the new kinds', () => {
  const r40 = secretExamples(SEED).find((e) => e.kind === 'aws-secret-key')!.secret;

  test.each([
    ['ini', `aws_secret_access_key = ${r40}`, 'aws_secret_access_key = [redacted]'],
    ['env', `AWS_SECRET_ACCESS_KEY=${r40}`, 'AWS_SECRET_ACCESS_KEY=[redacted]'],
    ['export, quoted', `export AWS_SECRET_ACCESS_KEY="${r40}"`, 'export AWS_SECRET_ACCESS_KEY="[redacted]"'],
    ['JSON', `{"SecretAccessKey": "${r40}"}`, '{"SecretAccessKey": "[redacted]"}'],
    [
      'JSON in JSON',
      `{\\"aws_secret_access_key\\": \\"${r40}\\"}`,
      '{\\"aws_secret_access_key\\": \\"[redacted]\\"}',
    ],
    ['YAML', `  aws_secret_access_key: ${r40}\n`, '  aws_secret_access_key: [redacted]\n'],
  ])('an AWS secret access key in %s', (_shape, text, redacted) => {
    expect(findSecretsInText(text).map((f) => f.kind)).toEqual(['aws-secret-key']);
    expect(redactSecretsInText(text)).toBe(redacted);
  });

  test('a password in a URL parameter, lowercase .env, JSON and YAML', () => {
    expect(redactSecretsInText('https://nas.local/api?user=ada&password=s3cret!')).toBe(
      'https://nas.local/api?user=ada&password=[redacted]',
    );
    expect(redactSecretsInText('db_password=hunter2\ndb_user=ada')).toBe(
      'db_password=[redacted]\ndb_user=ada',
    );
    expect(redactSecretsInText('{"user":"ada","password":"letmein"}')).toBe(
      '{"user":"ada","password":"[redacted]"}',
    );
    expect(redactSecretsInText('smtp:\n  password: "plain words"')).toBe('smtp:\n  password: "[redacted]"');
    expect(redactSecretsInText('dbPassword: Tr0ub4dor&3')).toBe('dbPassword: [redacted]');
  });

  test('database URLs lose their user and password, a Redis URL with no user too', () => {
    expect(redactSecretsInText('postgres://u:p@h/db')).toBe('postgres://h/db');
    expect(redactSecretsInText('mysql://root:Sup3r@127.0.0.1:3306/app')).toBe('mysql://127.0.0.1:3306/app');
    expect(redactSecretsInText('redis://:Sup3rS3cret@cache:6379')).toBe('redis://cache:6379');
  });

  test('an Azure connection string keeps everything but its key', () => {
    const key = `${'Ab3+'.repeat(21)}cd==`;
    expect(
      redactSecretsInText(
        `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${key};EndpointSuffix=core.windows.net`,
      ),
    ).toBe(
      'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=[redacted];EndpointSuffix=core.windows.net',
    );
  });

  test('a Slack webhook keeps its host and path, not its secret', () => {
    const text = `https://hooks.slack.com/services/T0ACME123/B0ACME4567/${'aB3d'.repeat(6)}`;
    expect(findSecretsInText(text)[0].preview).toBe('https://hooks.slack.com/services/…');
    expect(redactSecretsInText(text)).toBe('https://hooks.slack.com/services/[redacted]');
  });

  test('a bearer JWT is reported as a JWT', () => {
    const jwt = secretExamples(SEED).find((e) => e.kind === 'jwt')!.secret;
    expect(findSecretsInText(`Authorization: Bearer ${jwt}`).map((f) => f.kind)).toEqual(['jwt']);
  });

  test('a private key cut short (no END line) is redacted from BEGIN to the end of its base64', () => {
    const pem = secretExamples(SEED).find((e) => e.kind === 'private-key')!.secret;
    const head = pem.split('\n').slice(0, 3).join('\n');
    expect(redactSecretsInText(`$ head -3 id_rsa\n${head}\n$ `)).toBe(
      '$ head -3 id_rsa\n[redacted private key]\n$ ',
    );
  });

  test('a PEM private key escaped inside JSON is redacted whole and the JSON stays valid', () => {
    const pem = secretExamples(SEED).find((e) => e.kind === 'private-key')!.secret;
    const json = JSON.stringify({ command: `echo '${pem}' > key.pem` });
    const redacted = redactSecretsInText(json);
    expect(JSON.parse(redacted)).toEqual({ command: "echo '[redacted private key]' > key.pem" });
  });

  test('random values next to secret-like names in JSON, YAML and headers', () => {
    const value = 'q8Rz2LmX4vN7tK9pW3sB6yH1';
    for (const text of [
      `{"apiKey": "${value}"}`,
      `client_secret: ${value}`,
      `x-api-key: ${value}`,
      `token=${value}`,
      `{\\"refresh_token\\":\\"${value}\\"}`,
    ]) {
      expect([text, findSecretsInText(text).map((f) => f.kind)]).toEqual([text, ['secret-assignment']]);
    }
  });
});

describe('what is not a secret', () => {
  test.each([
    ['prose', 'We use sk-learn and a risk-averse plan; the Bearer of bad news; task-management-system-v2.'],
    ['a variable name in capitals', 'export OPENAI_API_KEY=YOUR_API_KEY'],
    [
      'a shell variable',
      'TOKEN=${GITHUB_TOKEN} and API_KEY=$API_KEY and curl -H "Authorization: Bearer $TOKEN"',
    ],
    ['a template', 'Authorization: Bearer <token> and "password": "<your password>" and ?token=<token>'],
    ['a CI secret', 'client_secret: ${{ secrets.CLIENT_SECRET }}'],
    ['a Windows variable', 'set API_TOKEN=%API_TOKEN%'],
    ['process.env', 'const apiKey = process.env.OPENAI_API_KEY;\nconst password = process.env.DB_PASSWORD;'],
    ['os.environ', 'SECRET_KEY = os.environ["SECRET_KEY"]\npassword: settings.DB_PASSWORD'],
    [
      'x filler',
      'API_KEY=xxxxxxxxxxxxxxxx sk-xxxxxxxxxxxxxxxxxxxxxxxx ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    ],
    ['more filler', `sk_live_${'x'.repeat(24)} aws_secret_access_key = ${'X'.repeat(40)} ?password=********`],
    ['a filler webhook', `https://hooks.slack.com/services/T00000000/B00000000/${'X'.repeat(24)}`],
    ['sample words', 'password=changeme DB_PASSWORD=your-password-here "apiKey": "your-api-key-here"'],
    [
      'a placeholder in a URL',
      'postgres://user:${PGPASSWORD}@localhost/db and postgres://user:password@localhost/db',
    ],
    ['a placeholder URL parameter', 'https://api.example.com/v1?token=YOUR_TOKEN&key=abc'],
    [
      'an AWS placeholder',
      'aws_secret_access_key = YOUR_SECRET_ACCESS_KEY\nAccountKey=YOUR_STORAGE_ACCOUNT_KEY;',
    ],
    [
      'types in code',
      'interface Login { password: string; token: string }\ndef login(password: str, token: Optional[str]):',
    ],
    [
      'counts named tokens',
      '"max_tokens": 4096, "tokenizer": "o200k_base", "input_tokens": 123456789012\nMAX_TOKENS=100000000 TOKENIZER=cl100k_base',
    ],
    ['a word after a secret name', 'the password: required, token: expired, secret: unknown'],
    ['a repeated word', '"api_key": "abcabcabcabcabcabc"'],
    [
      'a public key',
      '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----',
    ],
    ['ports and git remotes', 'https://example.com:8080/path and git@github.com:org/repo.git'],
    ['a short secret URL parameter', '?key=value1 and api_key=short and AIzaShort'],
    ['an elided key', 'export ANTHROPIC_API_KEY=sk-ant-...\\nexport OPENROUTER_API_KEY=sk-or-…'],
    ['a value in code quotes', 'where `process.env.ANTHROPIC_API_KEY = undefined` set the env'],
    ['shapes written with X', 'xoxb-XXXX-XXXX-XXXX and `?token=XXXXXXXX`, `&password=XXXXXX`'],
    [
      'a BEGIN line alone',
      'the file starts with -----BEGIN OPENSSH PRIVATE KEY----- and ends with its END line',
    ],
    ['a redacted text', 'password=[redacted] "apiKey": "[redacted]" ?token=[redacted] Bearer [redacted]'],
  ])('%s', (_what, text) => {
    expect(findSecretsInText(text)).toEqual([]);
  });
});
