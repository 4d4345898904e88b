/**
 * The decoder against hostile input: whatever a link contains, `decodeShare`
 * resolves (never throws or rejects) to an error with a known code and a
 * message, or to a payload that passes the schema.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encodeBase64url } from './base64url';
import { decodeShare, deflateRaw, encodeShare } from './codec';
import type { DecodeResult, ShareErrorCode } from './errors';
import { buildSharePayload } from './payload';
import { validateSharePayload } from './schema';

const CODES: readonly ShareErrorCode[] = [
  'empty',
  'too-long',
  'bad-prefix',
  'unknown-version',
  'not-base64url',
  'not-deflate',
  'too-large',
  'not-json',
  'schema',
];
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Small caps keep each case fast; the real caps have their own tests. */
const LIMITS = { maxInflatedBytes: 256 * 1024 };

async function expectWellFormed(result: Promise<DecodeResult>): Promise<void> {
  const settled = await result;
  if (settled.ok) {
    expect(validateSharePayload(settled.payload).ok).toBe(true);
  } else {
    expect(CODES).toContain(settled.error.code);
    expect(settled.error.message.length).toBeGreaterThan(10);
  }
}

async function validFragment(): Promise<string> {
  return encodeShare(
    await buildSharePayload(
      {
        messages: [
          { id: 'u', role: 'user', content: 'Summarize the build failure.' },
          {
            id: 'a',
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'c', name: 'bash', arguments: '{"cmd":"make"}' }],
          },
          { id: 't', role: 'tool', content: 'error: missing ;', toolCallId: 'c', toolName: 'bash' },
        ],
        settings: { keepRecentTokens: 3000, strategy: 'turns' },
        selectedIndex: 2,
      },
      'full',
    ),
  );
}

type Mutation =
  | { kind: 'replace'; at: number; char: string }
  | { kind: 'delete'; at: number; count: number }
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), char: fc.constantFrom(...ALPHABET) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: fc.string({ maxLength: 6 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(fragment: string, steps: Mutation[]): string {
  let out = fragment;
  for (const step of steps) {
    const at = out.length === 0 ? 0 : step.at % out.length;
    if (step.kind === 'replace') out = out.slice(0, at) + step.char + out.slice(at + 1);
    else if (step.kind === 'delete') out = out.slice(0, at) + out.slice(at + step.count);
    else if (step.kind === 'insert') out = out.slice(0, at) + step.text + out.slice(at);
    else out = out.slice(0, at);
  }
  return out;
}

describe('decodeShare on hostile input', () => {
  test('random strings (300 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `v1.${s}`),
          fc.string().map((s) => `v0.${s}`),
        ),
        (text) => expectWellFormed(decodeShare(text, LIMITS)),
      ),
      { numRuns: 300, seed: 61 },
    );
  });

  test('random bytes, base64url-encoded behind a valid prefix (300 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('v0.', 'v1.'), fc.uint8Array({ maxLength: 512 }), (prefix, bytes) =>
        expectWellFormed(decodeShare(prefix + encodeBase64url(bytes), LIMITS)),
      ),
      { numRuns: 300, seed: 62 },
    );
  });

  test('random JSON, properly compressed and encoded (200 cases)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (json) => {
        const data = await deflateRaw(new TextEncoder().encode(JSON.stringify(json)));
        await expectWellFormed(decodeShare(`v1.${encodeBase64url(data)}`, LIMITS));
      }),
      { numRuns: 200, seed: 63 },
    );
  });

  test('random mutations of a valid link (300 cases)', async () => {
    const fragment = await validFragment();
    expect((await decodeShare(fragment)).ok).toBe(true);
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 4 }), (steps) =>
        expectWellFormed(decodeShare(mutate(fragment, steps), LIMITS)),
      ),
      { numRuns: 300, seed: 64 },
    );
  });
});
