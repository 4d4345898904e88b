/**
 * Following a growing session (`watch`, the page's "Follow this file"): the
 * time from an append to the updated report on a 20 MB Claude Code session,
 * which must stay incremental (read the new bytes, parse the new lines,
 * tokenize the new messages), never a re-import.
 */
import { appendFileSync, copyFileSync, mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SETTINGS, loadEstimator, StableMessages } from '../src/core';
import { Follower } from '../src/formats/follow';
import { GrowingJsonl } from '../src/formats/growingJsonl';
import { fileSource } from '../src/cli/fileSource';
import { reportOf } from '../src/cli/watch';
import { generateClaudeCode } from '../testing/transcripts';
import { ensureData } from './importCli';
import { median, percentile, type Figure } from './stats';

const TARGET_MS = 200;

/** One more exchange, written as Claude Code writes it: a prompt, then a reply with usage. */
function exchange(k: number, parent: string): { lines: string; last: string } {
  const common = { isSidechain: false, sessionId: 'bench', version: '2.0.55' };
  const user = `bench-u${k}`;
  const reply = `bench-a${k}`;
  const lines =
    JSON.stringify({
      ...common,
      type: 'user',
      uuid: user,
      parentUuid: parent,
      message: { role: 'user', content: `Step ${k}: run the tests again and tell me what fails.` },
    }) +
    '\n' +
    JSON.stringify({
      ...common,
      type: 'assistant',
      uuid: reply,
      parentUuid: user,
      message: {
        id: `bench-m${k}`,
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `Step ${k}: ${'the suite passes except the upload test, which times out. '.repeat(20)}`,
          },
        ],
        usage: {
          input_tokens: 10,
          cache_read_input_tokens: 90000,
          cache_creation_input_tokens: 500,
          output_tokens: 300,
        },
      },
    }) +
    '\n';
  return { lines, last: reply };
}

export async function followBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'follow (watch)';
  const source = ensureData('claude-code-20mb.jsonl', () =>
    generateClaudeCode({ seed: 11, bytes: 20_000_000 }),
  );
  const path = join(mkdtempSync(join(tmpdir(), 'follow-bench-')), 'session.jsonl');
  copyFileSync(source, path);
  const settings = { ...DEFAULT_SETTINGS, strategy: 'claude-code' as const, maxContextTokens: 200_000 };
  const estimator = await loadEstimator('o200k_base');
  const growing = new GrowingJsonl();
  const follower = new Follower(fileSource(path), growing);
  const stable = new StableMessages();

  const update = async () => {
    await follower.poll();
    const view = growing.view();
    if (!view.ok) throw view.error;
    return reportOf(view.result, stable, estimator, settings);
  };

  let started = performance.now();
  const first = await update();
  const firstMs = performance.now() - started;
  // The last main-thread message is where the next line hangs; the generated session ends on a reply.
  let parent = (growing.view() as { ok: true; result: { messages: { id: string }[] } }).result.messages
    .at(-1)!
    .id.split(':')[0]!;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < (options.quick ? 5 : 20); k++) {
    const next = exchange(k, parent);
    parent = next.last;
    appendFileSync(path, next.lines);
    started = performance.now();
    const before = process.cpuUsage();
    const report = await update();
    times.push(performance.now() - started);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
    if (report.messages <= first.messages) throw new Error('the append was not read');
  }
  const med = median(times);
  return [
    {
      section,
      name: `20 MB Claude Code session (${first.messages.toLocaleString('en-US')} messages): first read, o200k`,
      value: Math.round(firstMs),
      unit: 'ms',
    },
    {
      section,
      name: 'append → updated report, median',
      value: Math.round(med),
      unit: 'ms',
      target: `≤ ${TARGET_MS} ms`,
      meets: med <= TARGET_MS,
    },
    { section, name: 'append → updated report, p90', value: Math.round(percentile(times, 90)), unit: 'ms' },
    {
      section,
      name: 'append → updated report, CPU time of this process, median',
      value: Math.round(median(cpu)),
      unit: 'ms',
      note: `load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores: wall time includes waiting for a core`,
    },
  ];
}
