import { describe, expect, it } from 'vitest';
import { answers, assistant, scripted, toolResult, call, user } from '../__fixtures__/transcripts';
import type { Fact } from './facts';
import { buildProbes, parseAnswers, parseVerdict } from './probes';
import { runProbes, sourceExcerpt } from './runProbes';
import { scoreSummary } from './score';

const facts: Fact[] = [
  { kind: 'artifact', text: 'src/dates/month.ts', index: 2, access: 'edit' },
  { kind: 'artifact', text: 'src/dates/zone.ts', index: 2, access: 'edit' },
  { kind: 'last-error', text: 'FAIL src/dates/month.test.ts', index: 3 },
  { kind: 'last-command', text: 'pnpm test -- src/dates', index: 2 },
  { kind: 'constraint', text: 'Fix the month boundaries in the reports.', index: 0, firstTask: true },
  { kind: 'open-task', text: 'Update the changelog', index: 4 },
];
const items = scoreSummary(facts, '', { before: 1, after: 1 }).items;

describe('buildProbes', () => {
  it('asks one probe of each kind the facts support, with what a right answer names', () => {
    expect(buildProbes(items).map((p) => [p.kind, p.question, p.expected, p.sourceIndex])).toEqual([
      ['recall', 'What did the user ask for first?', ['Fix the month boundaries in the reports.'], undefined],
      [
        'artifact',
        'Which files were read, created or changed? List their paths.',
        ['src/dates/month.ts', 'src/dates/zone.ts'],
        undefined,
      ],
      [
        'continuation',
        'What was about to happen next: which work was still open, and which command was run last?',
        ['Update the changelog', 'pnpm test -- src/dates'],
        undefined,
      ],
      ['decision', 'What was decided about "FAIL src/dates/month.test.ts", and why?', [], 3],
    ]);
    expect(buildProbes([])).toEqual([]);
  });
});

describe('reading the judge', () => {
  it('takes numbered answers, continued lines included, and leaves a missing one empty', () => {
    expect(parseAnswers('1. Fix months.\n2) src/a.ts,\n   src/b.ts\n4. because', 4)).toEqual([
      'Fix months.',
      'src/a.ts, src/b.ts',
      '',
      'because',
    ]);
    expect([
      parseVerdict('PASS: it agrees'),
      parseVerdict('**Pass**'),
      parseVerdict('FAIL, it does not'),
    ]).toEqual(['pass', 'pass', 'fail']);
  });
});

describe('runProbes', () => {
  it('matches the answers it can and asks the judge to grade the decision against the source', async () => {
    const test1 = call('c1', 'bash', { command: 'pnpm test -- src/dates' });
    const messages = [
      user('Fix the month boundaries in the reports.'),
      assistant('Reading.'),
      assistant('', [test1]),
      toolResult(test1, 'FAIL src/dates/month.test.ts'),
      assistant('We keep UTC midnight because the reports compare months across zones.'),
    ];
    const judge = scripted(
      answers(
        '1. To fix the month boundaries in the reports.\n2. src/dates/month.ts only.\n3. not in the summary\n4. Kept UTC midnight, since reports compare zones.',
      ),
      answers('PASS: the answer matches the reason given.'),
    );
    const results = await runProbes(judge, '## Goal\nFix month boundaries.', items, messages, {
      stallTimeoutMs: 5000,
    });
    expect(results.map((r) => [r.kind, r.verdict, r.gradedBy, r.named])).toEqual([
      ['recall', 'pass', 'match', 1],
      ['artifact', 'fail', 'match', 1],
      ['continuation', 'fail', 'match', 0],
      ['decision', 'pass', 'judge', undefined],
    ]);
    expect(judge.requests).toHaveLength(2);
    expect(judge.requests[0].prompt).toContain('<summary>\n## Goal\nFix month boundaries.\n</summary>');
    expect(judge.requests[1].prompt).toContain(
      '<source>\n[Tool result bash]: FAIL src/dates/month.test.ts\n\n[Assistant]: We keep UTC midnight because the reports compare months across zones.\n</source>',
    );
  });
});

describe('sourceExcerpt', () => {
  it('shows an assistant message that only calls tools by its calls, then the next reply with text', () => {
    const write = call('w1', 'write', { path: 'src/retry.ts', content: 'export interface RetryOptions {}' });
    const messages = [
      user('Retry rate-limited requests.'),
      assistant('', [write]),
      toolResult(write, 'ok'),
      assistant('RetryOptions stays an interface so callers can pass a partial.'),
    ];
    expect(sourceExcerpt(messages, 1)).toBe(
      '[Assistant tool calls]: write(content="export interface RetryOptions {}", path="src/retry.ts")\n\n' +
        '[Assistant]: RetryOptions stays an interface so callers can pass a partial.',
    );
  });

  it('shows a system message, which the summarizer is not sent, by its text', () => {
    expect(sourceExcerpt([{ id: 's0', role: 'system', content: 'Use UTC.' }], 0)).toBe('[System]: Use UTC.');
  });
});
