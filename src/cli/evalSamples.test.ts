/**
 * The judge on the built-in samples, through the same import and compaction
 * the command line runs: the offline summarizer keeps every artifact by
 * construction, so anything less is a bug in the summarizer or the judge.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCompactor } from '../core/compactor';
import { judgeCompaction } from '../core/eval/judge';
import { importTranscript } from '../formats/registry';
import { createOfflineSummarizer } from '../providers/offline';
import { estimatorFor } from './estimator';

const SAMPLES = [
  'claude-code-tallybook.jsonl',
  'codex-shared-retry.jsonl',
  'pi-table-widths.jsonl',
  'openai-chat-revenue.json',
];

async function judgeSample(file: string, keepRecentTokens: number) {
  const text = readFileSync(new URL(`../../public/samples/${file}`, import.meta.url), 'utf8');
  const { messages } = importTranscript(text);
  const settings = { keepRecentTokens, tokenizer: 'o200k_base' as const };
  const compactor = createCompactor(createOfflineSummarizer(), await estimatorFor(settings), settings)!;
  const result = await compactor.compact(messages);
  return judgeCompaction(messages, result);
}

describe('the offline summarizer, judged on every built-in sample', () => {
  for (const file of SAMPLES) {
    for (const keep of [2_000, 500]) {
      it(`keeps every artifact of ${file} (keep-recent ${keep})`, async () => {
        const card = await judgeSample(file, keep);
        const artifacts = card.items.filter((i) => i.kind === 'artifact');
        expect(artifacts.filter((a) => !a.kept)).toEqual([]);
        expect(card.byKind.artifact.recall).toBe(artifacts.length ? 1 : null);
      });
    }
  }

  it('finds the trail of files on the samples that touch files', async () => {
    const counts = [];
    for (const file of SAMPLES) counts.push((await judgeSample(file, 500)).byKind.artifact.expected);
    // The pandas agent reads its data in Python code, which names no file the way a tool or a command does.
    expect(counts).toEqual([30, 10, 2, 0]);
  });
});
