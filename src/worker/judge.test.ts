import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Fact } from '../core/eval/facts';
import { scoreSummary } from '../core/eval/score';
import type { Message } from '../core/message';
import { endlessFetch, sse } from '../providers/testing/fakeFetch';
import { runJudge } from './judge';

afterEach(() => vi.unstubAllGlobals());

const messages: Message[] = [
  { id: 'u1', role: 'user', content: 'Fix the month boundaries in the reports.' },
  { id: 'a1', role: 'assistant', content: 'Fixed in src/dates/month.ts.' },
];
const facts: Fact[] = [
  { kind: 'constraint', text: 'Fix the month boundaries in the reports.', index: 0, firstTask: true },
];

describe('the judge with a provider that never stops streaming', () => {
  it('stops with the too-long error, and the stream is cancelled', async () => {
    const delta = JSON.stringify({ choices: [{ index: 0, delta: { content: 'x'.repeat(1000) } }] });
    const fetch = endlessFetch(sse(delta), { totalBytes: 16 * 1024 * 1024 });
    vi.stubGlobal('fetch', fetch);
    const judging = runJudge(
      messages,
      {
        id: 1,
        type: 'judge',
        config: { kind: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'm', apiKey: 'sk-judge-0000' },
        summary: '## Goal\nFix the months.',
        items: scoreSummary(facts, '', { before: 1, after: 1 }).items,
        stallTimeoutMs: 60_000,
      },
      new AbortController().signal,
    );
    await expect(judging).rejects.toMatchObject({
      name: 'ProviderError',
      kind: 'too-long',
      message: expect.stringMatching(
        /^The provider's answer passed 400,000 characters; it was stopped there/,
      ),
    });
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.body.cancelled).toBe(true);
  });
});
