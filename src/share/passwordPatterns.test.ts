import { describe, expect, test } from 'vitest';
import { dockerAuthPassword } from './passwordPatterns';
import { findSecretsInText, redactSecretsInText } from './secrets';

// Obviously fake, built from pieces so that no complete credential literal sits in the source.
const PW = ['Tr0ub4', 'dor&3x'].join('');
const kindsIn = (text: string) => findSecretsInText(text).map((f) => f.kind);

describe('passwords in the shapes of commands and credential files', () => {
  test.each([
    ['env-password', `DB_PASS=${PW}`, 'DB_PASS=[redacted]'],
    ['env-password', `export SMTP_PASS="${PW}"`, 'export SMTP_PASS="[redacted]"'],
    ['env-password', `MYSQL_PWD=${PW} mysql -u root`, 'MYSQL_PWD=[redacted] mysql -u root'],
    ['env-password', `PASSWD=${PW}`, 'PASSWD=[redacted]'],
    ['env-password', `  REDIS_PASS: ${PW}\n`, '  REDIS_PASS: [redacted]\n'],
    [
      'curl-credentials',
      `curl -u ada:${PW} https://api.example.com`,
      'curl -u ada:[redacted] https://api.example.com',
    ],
    [
      'curl-credentials',
      `curl --user ada:${PW} -O https://x.test/f`,
      'curl --user ada:[redacted] -O https://x.test/f',
    ],
    ['curl-credentials', `curl --user=ada:${PW} https://x.test`, 'curl --user=ada:[redacted] https://x.test'],
    ['curl-credentials', `curl -sS -uada:${PW} https://x.test`, 'curl -sS -uada:[redacted] https://x.test'],
    ['curl-credentials', `curl -u 'ada:${PW}' https://x.test`, "curl -u 'ada:[redacted]' https://x.test"],
    [
      'password-flag',
      `wget --password ${PW} https://x.test/a.zip`,
      'wget --password [redacted] https://x.test/a.zip',
    ],
    [
      'password-flag',
      `wget --http-password "${PW}" https://x.test`,
      'wget --http-password "[redacted]" https://x.test',
    ],
    ['mysql-password', `mysql -h db -u root -p${PW} app`, 'mysql -h db -u root -p[redacted] app'],
    [
      'mysql-password',
      `mysqldump -uroot -p'${PW}' app > a.sql`,
      "mysqldump -uroot -p'[redacted]' app > a.sql",
    ],
    ['sshpass-password', `sshpass -p ${PW} ssh ada@10.0.0.7`, 'sshpass -p [redacted] ssh ada@10.0.0.7'],
    ['sshpass-password', `sshpass -v -p'${PW}' scp a b:`, "sshpass -v -p'[redacted]' scp a b:"],
    [
      'netrc-password',
      `machine api.example.com login ada password ${PW}`,
      'machine api.example.com login ada password [redacted]',
    ],
    [
      'netrc-password',
      `machine git.example.com\n  login ada\n  password ${PW}\n`,
      'machine git.example.com\n  login ada\n  password [redacted]\n',
    ],
    [
      'netrc-password',
      `default login anonymous password ${PW}`,
      'default login anonymous password [redacted]',
    ],
    ['pgpass-password', `db.internal:5432:app:ada:${PW}`, 'db.internal:5432:app:ada:[redacted]'],
    [
      'pgpass-password',
      `$ cat ~/.pgpass\n*:*:*:postgres:${PW}\n`,
      '$ cat ~/.pgpass\n*:*:*:postgres:[redacted]\n',
    ],
    ['pgpass-password', `     3→10.0.0.5:6432:*:ada:${PW}`, '     3→10.0.0.5:6432:*:ada:[redacted]'],
    [
      'docker-auth',
      `{"auths": {"ghcr.io": {"auth": "${btoa(`ada:${PW}`)}"}}}`,
      '{"auths": {"ghcr.io": {"auth": "[redacted]"}}}',
    ],
  ] as const)('%s: %j', (kind, text, redacted) => {
    expect(kindsIn(text)).toEqual([kind]);
    expect(redactSecretsInText(text)).toBe(redacted);
  });

  test('inside a tool call’s JSON arguments the same shapes are found and the JSON stays valid', () => {
    const command = `curl -u ada:${PW} https://x.test && mysql -u root -p${PW} app && sshpass -p ${PW} ssh h`;
    const args = JSON.stringify({ command });
    expect(kindsIn(args)).toEqual(['curl-credentials', 'mysql-password', 'sshpass-password']);
    expect(JSON.parse(redactSecretsInText(args))).toEqual({
      command:
        'curl -u ada:[redacted] https://x.test && mysql -u root -p[redacted] app && sshpass -p [redacted] ssh h',
    });
    const config = JSON.stringify({ content: `{"auths":{"r.example.com":{"auth":"${btoa(`ada:${PW}`)}"}}}` });
    expect(JSON.parse(redactSecretsInText(config))).toEqual({
      content: '{"auths":{"r.example.com":{"auth":"[redacted]"}}}',
    });
  });

  test('a preview shows the flag or the name, never the password nor the rest of the command', () => {
    const previews = (text: string) => findSecretsInText(text).map((f) => f.preview);
    expect(previews(`curl -H "X-Trace: 1" -u ada:${PW} https://x.test`)).toEqual(['-u ada:…']);
    expect(previews(`mysql -u root -p${PW}`)).toEqual(['-p…']);
    // A key earlier in the same command is its own finding; the command before the flag is not taken.
    const bearer = 'q8Rz2LmX4vN7tK9pW3sB6yH1';
    const both = `curl -H "Authorization: Bearer ${bearer}" -u ada:${PW} https://x.test`;
    expect(kindsIn(both)).toEqual(['bearer-token', 'curl-credentials']);
    expect(redactSecretsInText(both)).toBe(
      'curl -H "Authorization: Bearer [redacted]" -u ada:[redacted] https://x.test',
    );
    expect(previews(`machine h.example.com\n  login ada\n  password ${PW}`)).toEqual([
      'machine h.example.com login ada password …',
    ]);
    expect(previews(`{"auth": "${btoa(`ada:${PW}`)}"}`)).toEqual(['"auth": "…']);
  });

  test('a Docker auth is a password only when its base64 decodes to user:password', () => {
    expect(dockerAuthPassword(btoa(`ada:${PW}`))).toBe(PW);
    expect(dockerAuthPassword(btoa('no colon here'))).toBeNull();
    expect(dockerAuthPassword(btoa(':only-a-password'))).toBeNull();
    expect(dockerAuthPassword('not base64!')).toBeNull();
  });
});

describe('what is not a password', () => {
  test.each([
    ['mysql -p alone, which prompts', 'mysql -u root -p app\nmysql -p\nmysql -P 3306 -h db -p -u root'],
    ['an empty PASSWD=', 'PASSWD=\nDB_PASS=\nexport SMTP_PASS='],
    ['prose about a password', 'the password is in the vault; ask for the password before you log in'],
    ['prose that reads like a .netrc', 'the machine learning login page password reset flow'],
    ['curl -u without a password', 'curl -u ada https://x.test (curl asks for it)'],
    ['curl -u with variables', 'curl -u "$USER:$TOKEN" https://x.test and curl -u ${U}:${P} https://x.test'],
    ['a -u of other commands', 'docker run -u 1000:1000 img && git push -u origin main && ssh -p 2222 h'],
    ['a curl header with a colon', 'curl --user-agent "Mozilla/5.0 (X11: Linux)" https://x.test'],
    [
      'a password read from stdin or a file',
      'docker login --password-stdin && sshpass -f ~/.pw ssh h && sshpass -e ssh h',
    ],
    ['a flag named in prose', 'pass the --password flag, or the --password option'],
    ['sshpass and mysql with variables', 'sshpass -p "$SSHPASS" ssh h; mysql -p"$MYSQL_PASSWORD" app'],
    ['the working directory and its kin', 'PWD=/home/ada OLDPWD=/tmp BYPASS=true COMPASS_HEADING=270'],
    [
      'switches and paths named PASS',
      'USE_PASS=yes SKIP_PASS=no DB_PASS_FILE=/run/secrets/db DB_PASS=$DB_PASS',
    ],
    ['a time with colons', '12:30:45:67:89 and 2024-01-01 12:30:45:001:x'],
    ['grep output', 'src/app.ts:12:5:error:unused'],
    ['a Docker auth that is no login', '{"auth": "bearer", "auth": "c29tZXRoaW5n"}'],
    [
      'code that names the kinds and constants',
      "label: 'password of sshpass -p',\nlabel: 'password of mysql -p',\nreadonly STENCIL_PASS_DEPTH_PASS: 0x0B96;",
    ],
    [
      'a shape in prose, in code quotes',
      '`curl -u ada` with no colon, `docker run -u 1000:1000` and `machine api.example.com login ada password XXXX`',
    ],
    [
      'placeholders in a .netrc and a .pgpass',
      'machine api.example.com login ada password <token>\n*:*:*:ada:$PGPASS',
    ],
  ])('%s', (_what, text) => {
    expect(findSecretsInText(text)).toEqual([]);
  });
});

describe('Kubernetes bootstrap tokens and PuTTY private keys', () => {
  const token = ['07401b', 'f395accd246ae52d'].join('.');

  test('a bootstrap token is redacted whole, and its preview shows only the public id', () => {
    const text = `kubeadm join 10.0.0.1:6443 --token ${token} --discovery-token-unsafe-skip-ca-verification`;
    expect(findSecretsInText(text).map((f) => [f.kind, f.preview])).toEqual([
      ['kubernetes-bootstrap-token', '07401b.…'],
    ]);
    expect(redactSecretsInText(text)).toBe(
      'kubeadm join 10.0.0.1:6443 --token [redacted] --discovery-token-unsafe-skip-ca-verification',
    );
    expect(redactSecretsInText(`token: "${token}"`)).toBe('token: "[redacted]"');
  });

  test('names of the same shape inside hosts, files and versions are not tokens', () => {
    for (const text of [
      `https://${token}.example.com/`,
      `${token}.yaml`,
      'config.applicationsettings and module.abcdefghijklmnop',
      'release.v1alpha2beta3gamma and user@abcdef.0123456789abcdef',
    ]) {
      expect([text, findSecretsInText(text)]).toEqual([text, []]);
    }
  });

  test('a PuTTY key file is redacted from its first line to the private MAC', () => {
    const ppk = [
      'PuTTY-User-Key-File-3: ssh-ed25519',
      'Encryption: none',
      'Comment: ada@laptop',
      'Public-Lines: 2',
      'AAAAC3NzaC1lZDI1NTE5AAAAIJ4fake1public2key3lines4for5tests6only7x',
      'AbCd',
      'Private-Lines: 1',
      'AAAAIFakePrivateKeyLineForTestsOnly0123456789abc',
      'Private-MAC: 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    ].join('\n');
    const text = `type deploy.ppk\n${ppk}\nC:\\>`;
    expect(findSecretsInText(text).map((f) => [f.kind, f.preview])).toEqual([
      ['putty-private-key', 'PuTTY-User-Key-File-3: ssh-ed25519…'],
    ]);
    expect(redactSecretsInText(text)).toBe('type deploy.ppk\n[redacted private key]\nC:\\>');
    // Cut short before its MAC, escaped in JSON: redacted to the end of its private lines.
    const head = ppk.split('\n').slice(0, 8).join('\n');
    expect(JSON.parse(redactSecretsInText(JSON.stringify({ out: `${head}\n` })))).toEqual({
      out: '[redacted private key]',
    });
  });
});
