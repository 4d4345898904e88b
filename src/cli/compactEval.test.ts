import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../testing/mock-llm/server';
import { DEFAULT_PROMPTS } from '../core/prompts';
import { run, scratch } from './testSupport.node';

const { file } = scratch('cp-compact-eval-');

/** A session that reads, edits and tests two files; keep-recent 10 (o200k_base) summarizes all but the last turn. */
const sessionFile = file('session.json', {
  format: 'compaction-playground',
  version: 1,
  messages: [
    { id: 's', role: 'system', content: 'You are a careful agent.' },
    {
      id: 'u1',
      role: 'user',
      content: 'Fix the discount in src/cart/total.ts. Never touch CHANGELOG.md.',
      turnId: 't1',
    },
    {
      id: 'a1',
      role: 'assistant',
      content: '',
      turnId: 't1',
      toolCalls: [{ id: 'c1', name: 'read_file', arguments: '{"path":"src/cart/total.ts"}' }],
    },
    {
      id: 'r1',
      role: 'tool',
      content:
        'export function total(items: Item[]): number {\n  return items.reduce((sum, i) => sum + i.price, 0);\n}\n'.repeat(
          20,
        ),
      toolCallId: 'c1',
      toolName: 'read_file',
      turnId: 't1',
    },
    {
      id: 'a2',
      role: 'assistant',
      content: '',
      turnId: 't1',
      toolCalls: [{ id: 'c2', name: 'bash', arguments: '{"command":"npm test -- src/cart/total.test.ts"}' }],
    },
    {
      id: 'r2',
      role: 'tool',
      content: 'FAIL src/cart/total.test.ts\nTests: 1 failed',
      toolCallId: 'c2',
      toolName: 'bash',
      turnId: 't1',
    },
    { id: 'a3', role: 'assistant', content: 'The threshold is off by one.', turnId: 't1' },
    { id: 'u2', role: 'user', content: 'Ship it.', turnId: 't2' },
    { id: 'a4', role: 'assistant', content: 'Tagged v1.2.0.', turnId: 't2' },
  ],
});

const BASE = ['compact', sessionFile, '--strategy', 'turns', '--keep-recent', '10'];

describe('compact --eval', () => {
  it('prints the checklist and the recall of each kind after the result', async () => {
    const { code, out, err } = await run([...BASE, '--provider', 'offline', '--eval']);
    expect([code, err]).toEqual([0, '']);
    expect(out.slice(out.indexOf('\neval'))).toBe(
      [
        '',
        'eval        100% of facts kept, files 2/2 (100%), last error kept, last command kept, constraints 2/2 (100%); 57.6% of tokens removed',
        '  ✓ file          src/cart/total.ts  (#2)',
        '  ✓ file          src/cart/total.test.ts  (#4)',
        '  ✓ last error    FAIL src/cart/total.test.ts  (#5)',
        '  ✓ last command  npm test -- src/cart/total.test.ts  (#4)',
        '  ✓ first request "Fix the discount in src/cart/total.ts. Never touch CHANGELOG.md."  (#1)',
        '  ✓ constraint    "Never touch CHANGELOG.md."  (#1)',
        '',
      ].join('\n'),
    );
  });

  it('adds the eval object to --json, in the documented shape', async () => {
    const { code, out } = await run([...BASE, '--provider', 'offline', '--eval', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out).eval).toEqual({
      artifacts: {
        expected: ['src/cart/total.ts', 'src/cart/total.test.ts'],
        kept: ['src/cart/total.ts', 'src/cart/total.test.ts'],
        recall: 1,
      },
      lastError: { text: 'FAIL src/cart/total.test.ts', kept: true },
      lastCommand: { text: 'npm test -- src/cart/total.test.ts', kept: true },
      constraints: {
        expected: [
          'Fix the discount in src/cart/total.ts. Never touch CHANGELOG.md.',
          'Never touch CHANGELOG.md.',
        ],
        kept: [
          'Fix the discount in src/cart/total.ts. Never touch CHANGELOG.md.',
          'Never touch CHANGELOG.md.',
        ],
        recall: 1,
      },
      openTasks: { expected: [], kept: [], recall: null },
      identifiers: { expected: [], kept: [], recall: null },
      overall: 1,
      tokensRemovedPct: 57.6,
    });
  });

  it('prints no eval without --eval', async () => {
    const { out } = await run([...BASE, '--provider', 'offline', '--json']);
    expect(JSON.parse(out).eval).toBeUndefined();
  });
});

describe('compact --prompt', () => {
  let mock: MockLlm;
  beforeAll(async () => {
    mock = await startMockLlm({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });
  const provider = () => ['--provider', 'ollama', '--base-url', mock.url, '--model', 'mock'];
  const lastBody = () =>
    JSON.parse(mock.requests.at(-1)!.body) as { messages: { role: string; content: string }[] };

  it('sends a plain-text file as the instructions, after the transcript', async () => {
    const path = file('prompt.txt', 'List every file path, then stop.');
    const { code } = await run([...BASE, ...provider(), '--prompt', path]);
    expect(code).toBe(0);
    const [system, user] = lastBody().messages;
    expect(system.content).toBe(DEFAULT_PROMPTS.system);
    expect(user.content.endsWith('</conversation>\n\nList every file path, then stop.')).toBe(true);
  });

  it('takes the system prompt and instructions from a JSON file', async () => {
    const path = file('prompts.json', { system: 'You are a terse archivist.', initial: 'Only paths.' });
    const { code } = await run([...BASE, ...provider(), '--prompt', path]);
    expect(code).toBe(0);
    const [system, user] = lastBody().messages;
    expect(system.content).toBe('You are a terse archivist.');
    expect(user.content.endsWith('\n\nOnly paths.')).toBe(true);
  });

  it('refuses a file it cannot use, saying what is wrong with it', async () => {
    const cases: [string, string][] = [
      [
        file('bad.json', '{"system": 3, "extra": "x"}'),
        'system: not text; "extra" is not a prompt (known: system, initial, update, turnPrefix)',
      ],
      [file('empty.txt', '  \n'), 'the file is empty'],
      [file('broken.json', '{"system": '), 'not valid JSON'],
    ];
    for (const [path, problem] of cases) {
      const { code, err } = await run([...BASE, '--provider', 'offline', '--prompt', path]);
      expect(code).toBe(2);
      expect(err).toContain(`--prompt ${path}: ${problem}`);
    }
    const missing = await run([...BASE, '--provider', 'offline', '--prompt', '/nonexistent/p.txt']);
    expect(missing.err).toBe('compaction-playground: --prompt /nonexistent/p.txt: no such file\n');
  });
});
