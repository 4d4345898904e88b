import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatFixtures } from './importers';
import { importChunks, importTranscript } from './registry';
import { fixture } from './testSupport.node';
import { FORMATS, ImportError } from './types';

/**
 * The contract under fuzzing: an import returns a result or throws our typed
 * error, nothing else. An `internal` ImportError is the safety net catching a
 * bug, so it fails the property too.
 */
function importsOrThrowsTyped(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch (error) {
    if (error instanceof ImportError && error.code !== 'internal') return true;
    throw error;
  }
}

/** Every format's hand-written fixtures, as the importers declare them. */
const FIXTURES = [...formatFixtures().values()].flat();
const formatIds = FORMATS.map((f) => f.id);
const jsonValue = fc.jsonValue({ maxDepth: 4 });
/** Values shaped a little like messages, so importers get past their first checks. */
const messageish = fc.record(
  {
    role: fc.constantFrom('user', 'assistant', 'tool', 'system', 'model', 'developer', 'function', 'bogus'),
    type: fc.constantFrom(
      'message',
      'human',
      'ai',
      'tool_use',
      'function_call',
      'user',
      'gemini',
      'response_item',
      'compaction',
    ),
    content: fc.oneof(fc.string(), fc.constant(null), fc.array(jsonValue, { maxLength: 3 })),
    parts: fc.array(jsonValue, { maxLength: 3 }),
    tool_calls: fc.array(jsonValue, { maxLength: 2 }),
    id: fc.oneof(fc.string(), fc.constant('__proto__'), fc.constant('constructor')),
    parentUuid: fc.oneof(fc.string(), fc.constant(null)),
    payload: jsonValue,
    message: jsonValue,
  },
  { requiredKeys: [] },
);

describe('fuzzing: every importer either imports or throws ImportError', () => {
  it('arbitrary JSON values, forced into every format', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          jsonValue,
          fc.array(messageish, { maxLength: 6 }),
          fc.record({ messages: fc.array(messageish, { maxLength: 6 }) }),
        ),
        fc.constantFrom(...formatIds, undefined),
        (value, format) => importsOrThrowsTyped(() => importTranscript(JSON.stringify(value), { format })),
      ),
      { numRuns: 400 },
    );
  });

  it('arbitrary JSONL lines, forced into every format', () => {
    fc.assert(
      fc.property(
        fc.array(messageish, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...formatIds, undefined),
        (records, format) =>
          importsOrThrowsTyped(() =>
            importTranscript(records.map((r) => JSON.stringify(r)).join('\n'), { format }),
          ),
      ),
      { numRuns: 300 },
    );
  });

  it('fixtures cut at a random point or with random text spliced in', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXTURES),
        fc.nat(),
        fc.string({ maxLength: 8 }),
        fc.constantFrom(...formatIds, undefined),
        (name, at, insert, format) => {
          const text = fixture(name);
          const cut = at % (text.length + 1);
          return (
            importsOrThrowsTyped(() => importTranscript(text.slice(0, cut), { format })) &&
            importsOrThrowsTyped(() =>
              importTranscript(text.slice(0, cut) + insert + text.slice(cut), { format }),
            )
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom(...formatIds, undefined),
        (text, format) => importsOrThrowsTyped(() => importTranscript(text, { format })),
      ),
      { numRuns: 300 },
    );
  });

  it('streamed chunks of arbitrary sizes give the same outcome as the whole text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.integer({ min: 1, max: 500 }), async (name, size) => {
        const text = fixture(name);
        async function* chunks(): AsyncGenerator<string> {
          for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
        }
        expect(await importChunks(chunks())).toEqual(importTranscript(text));
      }),
      { numRuns: 60 },
    );
  });
});
