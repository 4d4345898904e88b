import { describe, expect, test } from 'vitest';
import type { Message } from '../core/message';
import { buildSharePayload, type FullSharePayload } from './payload';
import { findSecretsInText, redactSecrets, redactSecretsInText, scanSecrets } from './secrets';
import { validateSharePayload } from './schema';

// Built from pieces so that no complete key-shaped literal sits in the source.
const tail = (n: number) => 'Ab3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3hJ6kM9nP2rS5uV8x'.slice(0, n);
const OPENAI = `sk-proj-${tail(40)}`;
const ANTHROPIC = `sk-ant-api03-${tail(40)}`;
const OPENROUTER = `sk-or-v1-${tail(40)}`;
const GROQ = `gsk_${tail(40)}`;
const GOOGLE = `AIza${tail(35)}`;

describe('finding key-shaped strings in text', () => {
  test.each([
    ['openai-key', `key is ${OPENAI}.`, OPENAI, 'sk-…kM9n'],
    ['anthropic-key', `ANTHROPIC=${ANTHROPIC}`, ANTHROPIC, 'sk-ant-…kM9n'],
    ['openrouter-key', `"${OPENROUTER}"`, OPENROUTER, 'sk-or-…kM9n'],
    ['groq-key', `export GROQ=${GROQ}`, GROQ, 'gsk_…kM9n'],
    ['google-key', `?x=1 ${GOOGLE} end`, GOOGLE, 'AIza…F3hJ'],
    ['xai-key', `xai-${tail(30)}`, `xai-${tail(30)}`, 'xai-…7bC0'],
    ['huggingface-token', `token hf_${tail(34)}`, `hf_${tail(34)}`, 'hf_…eF3h'],
    ['github-token', `https://ghp_${tail(36)}@github.com/o/r`, `ghp_${tail(36)}`, 'ghp_…3hJ6'],
    ['aws-access-key', 'AWS_ACCESS_KEY_ID AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE', 'AKIA…MPLE'],
    ['slack-token', `xoxb-${tail(24)}`, `xoxb-${tail(24)}`, 'xoxb-…1vW4'],
  ] as const)(
    '%s: the key is found at its exact offsets with a masked preview',
    (kind, text, secret, preview) => {
      const start = text.indexOf(secret);
      expect(findSecretsInText(text)).toEqual([
        { kind, label: expect.any(String) as string, start, end: start + secret.length, preview },
      ]);
    },
  );

  test('a bearer token is found after "Bearer ", which is kept in the preview', () => {
    const text = `curl -H "Authorization: Bearer ${tail(32)}" https://api.example.com`;
    const start = text.indexOf(tail(32));
    expect(findSecretsInText(text)).toEqual([
      { kind: 'bearer-token', label: 'bearer token', start, end: start + 32, preview: 'Bearer …C0eF' },
    ]);
  });

  test('a bearer header that carries a known key is reported as that key', () => {
    const found = findSecretsInText(`Authorization: Bearer ${ANTHROPIC}`);
    expect(found.map((f) => f.kind)).toEqual(['anthropic-key']);
  });

  test('credentials in a URL are found, and the preview hides the password', () => {
    const text = 'git clone https://ada:hunter2secret@git.example.com/acme.git';
    expect(findSecretsInText(text)).toEqual([
      {
        kind: 'url-credentials',
        label: 'password in a URL',
        start: 18,
        end: 36,
        preview: 'https://ada:…@',
      },
    ]);
    expect(text.slice(18, 36)).toBe('ada:hunter2secret@');
  });

  test('a secret URL parameter and an env-style assignment are found', () => {
    expect(
      findSecretsInText('GET /v1/models?api_key=abcdef0123456789').map((f) => [f.kind, f.preview]),
    ).toEqual([['url-secret-param', '?api_key=…6789']]);
    expect(
      findSecretsInText('DATABASE_PASSWORD=correct-horse-battery').map((f) => [f.kind, f.preview]),
    ).toEqual([['env-secret', 'DATABASE_PASSWORD=…tery']]);
  });

  test('a private key block is found from BEGIN to END', () => {
    const block =
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';
    const text = `id_ed25519:\n${block}\n`;
    expect(findSecretsInText(text)).toEqual([
      {
        kind: 'private-key',
        label: 'private key block',
        start: 12,
        end: 12 + block.length,
        preview: '-----BEGIN OPENSSH PRIVATE KEY-----…',
      },
    ]);
  });

  test('prose and look-alikes are not flagged', () => {
    const prose = [
      'We use sk-learn and a risk-averse plan for task-management-system-v2.',
      'The Bearer of bad news; bearer tokens are described in RFC 6750.',
      'TOKEN=${GITHUB_TOKEN} and api_key=short and AIzaShort',
      'https://example.com:8080/path and git@github.com:org/repo.git',
    ].join('\n');
    expect(findSecretsInText(prose)).toEqual([]);
  });
});

function transcript(): Message[] {
  return [
    { id: 'u1', role: 'user', content: `My key is ${OPENAI}, please use it.` },
    {
      id: 'a1',
      role: 'assistant',
      content: 'Setting it up.',
      toolCalls: [
        { id: 'c1', name: 'bash', arguments: JSON.stringify({ command: `export GROQ_KEY=${GROQ}` }) },
      ],
    },
    { id: 't1', role: 'tool', content: 'done', toolCallId: 'c1', toolName: 'bash' },
  ];
}

describe('scanning a payload', () => {
  test('findings name the message, the field and the masked key, across transcript, provider and preview', async () => {
    const payload = await buildSharePayload(
      {
        messages: transcript(),
        settings: {},
        provider: { kind: 'openai-compatible', model: 'm', baseUrl: `https://example.com/v1?x=${GOOGLE}` },
        preview: { summary: `The user shared ${ANTHROPIC}.`, degraded: false, splitTurn: false },
      },
      'full',
    );
    const findings = scanSecrets(payload).map(({ kind, path, messageIndex, field, preview }) => ({
      kind,
      path,
      messageIndex,
      field,
      preview,
    }));
    expect(findings).toEqual([
      {
        kind: 'openai-key',
        path: 'transcript.messages[0].content',
        messageIndex: 0,
        field: 'content',
        preview: 'sk-…kM9n',
      },
      {
        kind: 'groq-key',
        path: 'transcript.messages[1].toolCalls[0].arguments',
        messageIndex: 1,
        field: 'toolCalls[0].arguments',
        preview: 'gsk_…kM9n',
      },
      {
        kind: 'google-key',
        path: 'provider.baseUrl',
        messageIndex: null,
        field: 'provider.baseUrl',
        preview: 'AIza…F3hJ',
      },
      {
        kind: 'anthropic-key',
        path: 'preview.summary',
        messageIndex: null,
        field: 'preview.summary',
        preview: 'sk-ant-…kM9n',
      },
    ]);
  });

  test('a clean payload has no findings', async () => {
    const payload = await buildSharePayload(
      { messages: [{ id: 'u', role: 'user', content: 'hello' }], settings: {} },
      'full',
    );
    expect(scanSecrets(payload)).toEqual([]);
  });
});

describe('redacting secrets', () => {
  test('each match is replaced, URL credentials are dropped so the URL still works', () => {
    expect(redactSecretsInText(`a ${OPENAI} b Bearer ${tail(20)} c`)).toBe(
      'a [redacted] b Bearer [redacted] c',
    );
    expect(redactSecretsInText('https://ada:pw12345@host.example/x')).toBe('https://host.example/x');
    expect(redactSecretsInText('-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----')).toBe(
      '[redacted private key]',
    );
  });

  test('a redacted payload scans clean, keeps valid tool-call JSON and still passes the schema', async () => {
    const payload = (await buildSharePayload(
      { messages: transcript(), settings: {} },
      'full',
    )) as FullSharePayload;
    const redacted = redactSecrets(payload);
    expect(scanSecrets(redacted)).toEqual([]);
    expect(redacted.transcript.messages[0].content).toBe('My key is [redacted], please use it.');
    expect(JSON.parse(redacted.transcript.messages[1].toolCalls![0].arguments)).toEqual({
      command: 'export GROQ_KEY=[redacted]',
    });
    expect(redacted.transcript.messages[2]).toEqual(payload.transcript.messages[2]);
    expect(validateSharePayload(redacted).ok).toBe(true);
  });
});

describe('a key split by what does not change it', () => {
  const left = ANTHROPIC.slice(0, 24);
  const right = ANTHROPIC.slice(24);

  test.each([
    ['zero-width space', '\u200B'],
    ['zero-width non-joiner', '\u200C'],
    ['zero-width joiner', '\u200D'],
    ['word joiner', '\u2060'],
    ['byte-order mark', '\uFEFF'],
    ['soft hyphen', '\u00AD'],
  ])('a %s inside a key: found at the offsets of the whole key and redacted whole', (_name, invisible) => {
    const text = `key ${left}${invisible}${right} end`;
    expect(
      findSecretsInText(text).map(({ kind, start, end, preview }) => ({ kind, start, end, preview })),
    ).toEqual([{ kind: 'anthropic-key', start: 4, end: 4 + ANTHROPIC.length + 1, preview: 'sk-ant-…kM9n' }]);
    expect(redactSecretsInText(text)).toBe('key [redacted] end');
  });

  test('invisible characters in several keys and around them: each key whole, the rest as it was', () => {
    const text = `\uFEFFa=${OPENAI.slice(0, 10)}\u200B${OPENAI.slice(10, 30)}\u200D${OPENAI.slice(30)}\u200B\nb=${GROQ.slice(0, 5)}\u2060${GROQ.slice(5)}`;
    expect(findSecretsInText(text).map((f) => f.kind)).toEqual(['openai-key', 'groq-key']);
    expect(redactSecretsInText(text)).toBe('\uFEFFa=[redacted]\u200B\nb=[redacted]');
  });

  test('a shell line continuation inside a key joins its two lines', () => {
    const text = `export ANTHROPIC_API_KEY="${left}\\\n${right}"\nnext`;
    expect(redactSecretsInText(text)).toBe('export ANTHROPIC_API_KEY="[redacted]"\nnext');
  });

  test('the same continuation inside a JSON string (a tool call’s command) joins too, and the JSON stays valid', () => {
    const args = JSON.stringify({
      command: `curl -H "x-api-key: ${left}\\\n${right}" https://api.anthropic.com`,
    });
    expect(findSecretsInText(args).map((f) => f.kind)).toEqual(['anthropic-key']);
    expect(JSON.parse(redactSecretsInText(args))).toEqual({
      command: 'curl -H "x-api-key: [redacted]" https://api.anthropic.com',
    });
  });

  test('a key wrapped onto the next line (terminal or JSON string printed wrapped) is redacted with its rest', () => {
    expect(redactSecretsInText(`$ cat key.txt\n${left}\n${right}\n$ ls`)).toBe(
      '$ cat key.txt\n[redacted]\n$ ls',
    );
    expect(redactSecretsInText(`{"key": "${left}\n${right}", "n": 1}`)).toBe('{"key": "[redacted]", "n": 1}');
    expect(redactSecretsInText(JSON.stringify({ out: `"${left}\n${right}"` }))).toBe(
      JSON.stringify({ out: '"[redacted]"' }),
    );
  });

  test('the next line is not taken for a key’s rest when it is another assignment or a sentence', () => {
    expect(redactSecretsInText(`A=${OPENAI}\nB_TOKEN=x\nimport os\n${GROQ}\nnot a key`)).toBe(
      'A=[redacted]\nB_TOKEN=x\nimport os\n[redacted]\nnot a key',
    );
  });

  test('a backslash at the end of a line with no key across it changes nothing', () => {
    const text = 'echo one \\\ntwo\nC:\\\nD:\\';
    expect(findSecretsInText(text)).toEqual([]);
    expect(redactSecretsInText(`${text}\n${GROQ}`)).toBe(`${text}\n[redacted]`);
  });
});
