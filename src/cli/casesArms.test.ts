import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../testing/mock-llm/server';
import { DEFAULT_PROMPTS } from '../core/prompts';
import { run, scratch } from './testSupport.node';

/** A pi session and its gold.json, in the published layout: 4 facts before the cut at message 10, 2 after. */
const FIXTURE = 'src/cli/__fixtures__/published/tide-cli';
const PATHS_PROMPT = 'List every file path the conversation names, then stop.';

interface ArmsDoc {
  prompts: string[];
  repeat: number;
  runs: { strategy: string; prompt: string; trial: number; factsKept: number }[];
  totals: { strategy: string; prompt: string; runs: number; factsKept: number; factsTotal: number }[];
  arms: {
    strategy: string;
    prompt: string;
    repeats: number;
    facts: { n: number; mean: number; sd: number; values: number[] };
    probes: { n: number; mean: number; sd: number; values: number[] };
  }[];
}

describe('cases --prompt and --repeat against the mock server', () => {
  let mock: MockLlm;
  let prompt: string;
  beforeAll(async () => {
    mock = await startMockLlm({ port: 0 });
    prompt = scratch('cases-arms-').file('paths.txt', PATHS_PROMPT);
  });
  afterAll(async () => {
    await mock.close();
  });
  const provider = () => ['--provider', 'ollama', '--base-url', mock.url, '--model', 'mock'];
  const lastContent = (body: string) =>
    (JSON.parse(body) as { messages: { content: string }[] }).messages.at(-1)!.content;

  it('runs two arms three times each, sends each arm its own prompt, and prints mean ± SD per arm', async () => {
    const before = mock.requests.length;
    const args = ['cases', FIXTURE, '--strategy', 'budget', ...provider()];
    const result = await run([...args, '--prompt', 'preset:pi', '--prompt', prompt, '--repeat', '3']);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    // The summarization requests, in order: three with pi's instructions, then three with the file's.
    const summaries = mock.requests
      .slice(before)
      .map((r) => lastContent(r.body))
      .filter((c) => c.startsWith('<conversation>'));
    expect(summaries.map((c) => c.endsWith(DEFAULT_PROMPTS.initial))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(summaries.slice(3).every((c) => c.endsWith(`</conversation>\n\n${PATHS_PROMPT}`))).toBe(true);
    const lines = result.out.split('\n');
    expect(lines.filter((l) => l.startsWith('tide-cli')).map((l) => l.split(/ {2,}/).slice(1, 7))).toEqual([
      ['budget', 'preset:pi', '#1', '10', '1/4', '2/2'],
      ['budget', 'preset:pi', '#2', '10', '1/4', '2/2'],
      ['budget', 'preset:pi', '#3', '10', '1/4', '2/2'],
      ['budget', prompt, '#1', '10', '1/4', '2/2'],
      ['budget', prompt, '#2', '10', '1/4', '2/2'],
      ['budget', prompt, '#3', '10', '1/4', '2/2'],
    ]);
    // The mock writes the same summary whatever it is asked (the last user request, quoted: one fact of four),
    // so both arms score alike and the SD is 0; its judge passes every answer that says something.
    const table = lines.slice(lines.findIndex((l) => l.startsWith('strategy')));
    expect(table.slice(0, 4).map((l) => l.split(/ {2,}/))).toEqual([
      ['strategy', 'prompt', 'n', 'facts kept', 'probes'],
      ['no compaction', '-', '1', '100.0%', '-'],
      ['budget', 'preset:pi', '3 of 3', '25.0% ± 0.0', '100.0% ± 0.0'],
      ['budget', prompt, '3 of 3', '25.0% ± 0.0', '100.0% ± 0.0'],
    ]);
    expect(result.out).toContain(
      'Each arm ran 3 times: facts kept and probes passed are mean ± sample SD, in percent, over the runs that compacted (n).',
    );
    expect(result.out).not.toContain('Offline the summarizer is deterministic');
  });

  it('asks the model the probes, then has it grade each answer the gold answer does not match', async () => {
    const before = mock.requests.length;
    const result = await run(['cases', FIXTURE, '--strategy', 'budget', ...provider(), '--json']);
    expect(result.code).toBe(0);
    const sent = mock.requests.slice(before).map((r) => lastContent(r.body));
    // One summary, one request for the four answers, and a grading request for the three answers the words
    // of the gold answer do not match (the mock answers each question with the whole summary).
    expect(sent.map((c) => /^<(\w+)>/.exec(c)?.[1])).toEqual([
      'conversation',
      'summary',
      'source',
      'source',
      'source',
    ]);
    expect(sent[2]).toContain('(The right answer: Metres, in under 80 columns.)');
  });

  it('says n and each trial in --json: the arms, the runs tagged with their prompt and trial, totals per arm', async () => {
    const result = await run([
      'cases',
      FIXTURE,
      '--strategy',
      'budget',
      ...provider(),
      '--prompt',
      'preset:claude-code',
      '--repeat',
      '2',
      '--json',
    ]);
    expect(result.code).toBe(0);
    const doc = JSON.parse(result.out) as ArmsDoc;
    expect(doc.prompts).toEqual(['preset:claude-code']);
    expect(doc.repeat).toBe(2);
    expect(doc.runs.map((r) => [r.strategy, r.prompt, r.trial, r.factsKept])).toEqual([
      ['budget', 'preset:claude-code', 1, 1],
      ['budget', 'preset:claude-code', 2, 1],
    ]);
    expect(doc.totals).toMatchObject([
      { strategy: 'budget', prompt: 'preset:claude-code', runs: 2, factsKept: 2, factsTotal: 8 },
    ]);
    expect(doc.arms).toEqual([
      {
        strategy: 'budget',
        prompt: 'preset:claude-code',
        repeats: 2,
        facts: { n: 2, mean: 25, sd: 0, values: [25, 25] },
        probes: { n: 2, mean: 100, sd: 0, values: [100, 100] },
      },
    ]);
  });
});

describe('cases --prompt and --repeat offline', () => {
  it('says the offline summarizer is deterministic and reads no prompt: the SD is 0', async () => {
    const result = await run(['cases', FIXTURE, '--strategy', 'budget', '--repeat', '2']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('budget         default  2 of 2  75.0% ± 0.0  75.0% ± 0.0');
    expect(result.out).toContain(
      'Offline the summarizer is deterministic and reads no prompt: every arm and repeat writes the same summary, so the arms tie and the SD is 0. A model (--provider) is the measure.',
    );
  });

  it('refuses an unknown preset prompt, a prompt given twice, and a repeat out of range', async () => {
    const refuse = async (...extra: string[]) => {
      const result = await run(['cases', FIXTURE, '--strategy', 'budget', ...extra]);
      expect(result.code).toBe(2);
      return result.err.trim();
    };
    expect(await refuse('--prompt', 'preset:nobody')).toBe(
      'compaction-playground: --prompt preset:nobody: no such preset prompt (one of preset:pi, preset:claude-code)',
    );
    expect(await refuse('--prompt', 'preset:pi', '--prompt', 'preset:pi')).toBe(
      'compaction-playground: --prompt preset:pi: given twice',
    );
    expect(await refuse('--repeat', '0')).toBe(
      'compaction-playground: --repeat: between 1 and 100 runs, got 0',
    );
    expect(await refuse('--repeat', 'three')).toBe(
      "compaction-playground: --repeat: expected a whole number of runs, got 'three'",
    );
  });
});
