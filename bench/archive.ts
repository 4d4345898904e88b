/**
 * `archive` on a generated folder of 1,000 sessions, about 2 GB, in their
 * agents' layouts (Claude Code, Codex, pi, and a Chat Completions list that
 * records no usage, so some rows are counted): the command line's time,
 * throughput and peak memory, and the page's time and main-thread tasks over
 * 50 ms for the same folder. Each session is a shipped sample chained to a
 * drawn length (`archiveCorpus.ts`): most a few megabytes, some tens, two near
 * 100 MB, in the proportions a developer's home folder has (mostly long
 * Claude Code sessions). `--quick` reads a folder of 100 such sessions.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS } from '../testing/browser-args.mjs';
import { findBrowser } from '../testing/find-browser.mjs';
import { rng } from '../testing/rng';
import { startPreview } from './browserPage';
import { sessionSizes, template, writeChained, type SampleFormat } from './archiveCorpus';
import { DATA_DIR } from './importCli';
import type { Figure } from './stats';

const PORT = Number(process.env.BENCH_PORT ?? 4331);

interface Kind {
  sample: string;
  format: SampleFormat;
  share: number;
  /** The largest session made of it: a list that records no usage is counted, and such lists stay short. */
  maxBytes?: number;
  path: (i: number) => string;
}

const KINDS: Kind[] = [
  {
    sample: 'claude-code-tallybook.jsonl',
    format: 'claude-code',
    share: 0.45,
    path: (i) => `.claude/projects/-home-dev-app${i % 12}/${hex(i, 8)}-0000-4000-8000-${hex(i, 12)}.jsonl`,
  },
  {
    sample: 'claude-code-linkcheck.jsonl',
    format: 'claude-code',
    share: 0.2,
    path: (i) => `.claude/projects/-home-dev-tool${i % 5}/${hex(i, 8)}-1111-4000-8000-${hex(i, 12)}.jsonl`,
  },
  {
    sample: 'codex-shared-retry.jsonl',
    format: 'codex',
    share: 0.2,
    path: (i) =>
      `.codex/sessions/2025/${pad(1 + (i % 12))}/${pad(1 + (i % 28))}/rollout-2025-10-14T08-12-40-${hex(i, 8)}.jsonl`,
  },
  {
    sample: 'pi-table-widths.jsonl',
    format: 'pi',
    share: 0.1,
    path: (i) => `.pi/agent/sessions/--home-dev-app${i % 4}--/2026-01-21T09-03-11_${hex(i, 8)}.jsonl`,
  },
  {
    sample: 'openai-chat-revenue.json',
    format: 'openai-chat',
    share: 0.05,
    maxBytes: 1_000_000,
    path: (i) =>
      `Code/globalStorage/saoudrizwan.claude-dev/tasks/${1_700_000_000 + i}/api_conversation_history.json`,
  },
];

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0').slice(-width);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The folder of `sessions` sessions, made once and kept under the bench's
 * data folder: each a sample chained to the size `sessionSizes` drew for it,
 * in the proportions a developer's home folder has (mostly long Claude Code
 * sessions; the largest always Claude Code's, as the long ones reported are).
 */
export function ensureFolder(sessions: number): { dir: string; bytes: number } {
  const dir = join(DATA_DIR, `archive-chained-${sessions}`);
  const marker = join(dir, '.complete');
  if (!existsSync(marker)) {
    const random = rng(29);
    const templates = KINDS.map((k) =>
      template(k.format, readFileSync(join('public/samples', k.sample), 'utf8')),
    );
    const sizes = sessionSizes(sessions, random);
    for (let i = 0; i < sessions; i++) {
      let pick = random();
      let k = KINDS.findIndex((kind) => (pick -= kind.share) < 0);
      if (k === -1 || sizes[i]! > 50e6) k = 0;
      const kind = KINDS[k]!;
      const size = Math.min(sizes[i]!, kind.maxBytes ?? Infinity);
      const copies = Math.max(1, Math.round(size / templates[k]!.bytesPerCopy));
      const path = join(dir, kind.path(i));
      mkdirSync(dirname(path), { recursive: true });
      // Sessions spread over half a year, as a developer's are, so the charts have days to show.
      const startMs = Math.floor(random() * 180) * 86_400_000;
      writeChained(path, templates[k]!, copies, { tag: hex(i, 6), startMs });
    }
    writeFileSync(join(dir, '.claude/settings.json'), '{}');
    writeFileSync(marker, '');
  }
  const du = spawnSync('du', ['-sb', dir], { encoding: 'utf8' });
  return { dir, bytes: Number(du.stdout.split('\t')[0]) || statSync(dir).size };
}

/** Wall time and peak RSS (all threads) of one `archive --json` run. */
function runCli(dir: string): { ms: number; peakMB: number | null; sessions: number } {
  const args = ['bin/compaction-playground.mjs', 'archive', dir, '--json'];
  const start = Date.now();
  const run = existsSync('/usr/bin/time')
    ? spawnSync('/usr/bin/time', ['-f', '__TIME__ %e %M', process.execPath, ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 30,
      })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = Date.now() - start;
  const match = /__TIME__ ([\d.]+) (\d+)/.exec(run.stderr ?? '');
  const doc = JSON.parse(run.stdout) as { totals: { sessions: number } };
  return {
    ms: match ? Number(match[1]) * 1000 : ms,
    peakMB: match ? Number(match[2]) / 1024 : null,
    sessions: doc.totals.sessions,
  };
}

interface PageRun {
  ms: number;
  /** Durations of the main thread's tasks over 50 ms from the moment the page was handed the folder. */
  longTasks: number[];
  /** Those before it: the browser building the input's list of files, before the page sees any. */
  handoverTasks: number[];
  /** The largest resident size of the browser's renderers (the page's thread and its workers) while reading, or null without `ps`. */
  peakRendererMB: number | null;
}

/**
 * Resident megabytes of the largest renderer process under `root`: the
 * page's, which runs its thread and its workers (the browser keeps a spare
 * renderer or two of ~75–150 MB beside it), or null without `ps`.
 */
function rendererMB(root: number): number | null {
  const ps = spawnSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' });
  if (ps.status !== 0) return null;
  const procs = ps.stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), rss: Number(m[3]), args: m[4]! }));
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of procs)
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  const kb = procs
    .filter((p) => tree.has(p.pid) && p.args.includes('--type=renderer'))
    .reduce((max, p) => Math.max(max, p.rss), 0);
  return kb / 1024;
}

/**
 * The page reading the same folder through its folder input, and the main
 * thread's long tasks meanwhile (PerformanceObserver, type `longtask`). The
 * playground's own start (the sample's analysis, its first save) is over
 * before the observer starts: the figure is the archive's. The count ends
 * once the charts are drawn.
 */
async function runPage(dir: string): Promise<PageRun> {
  const server = await startPreview();
  const browser = await chromium.launch({
    executablePath: findBrowser() ?? undefined,
    args: BROWSER_ARGS,
  });
  type Probe = { __long: [number, number][]; __opened: number | null };
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.getByTestId('cut-index').filter({ hasText: /\d/ }).waitFor();
    await page.getByTestId('archive-toggle').click();
    await page.getByTestId('archive-open').waitFor();
    await page.evaluate(() => {
      const probe = window as unknown as Probe;
      probe.__long = [];
      probe.__opened = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) probe.__long.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask' });
      // The moment the page is handed the folder: the input's change event.
      document
        .querySelector('[data-testid="archive-open"]')!
        .addEventListener('change', () => (probe.__opened = performance.now()), { capture: true });
    });
    // Whatever the start left running ends before the count starts: 2 s without a long task.
    await page.waitForFunction(
      () => {
        const probe = window as unknown as Probe & { __quiet?: number };
        const last = probe.__long.length;
        if (probe.__quiet === undefined || last > 0) {
          probe.__long.length = 0;
          probe.__quiet = performance.now();
        }
        return performance.now() - probe.__quiet >= 2000;
      },
      null,
      { polling: 250, timeout: 60_000 },
    );
    let peakRendererMB: number | null = null;
    const sample = () => {
      // The browser is this process's child: its renderers are in this process's tree.
      const mb = rendererMB(process.pid);
      if (mb !== null) peakRendererMB = Math.max(peakRendererMB ?? 0, mb);
    };
    const sampler = setInterval(sample, 500);
    const start = Date.now();
    await page.getByTestId('archive-open').setInputFiles(dir);
    await page
      .getByTestId('archive-progress')
      .filter({ hasText: /^Read / })
      .waitFor({ timeout: 30 * 60_000 });
    const ms = Date.now() - start;
    clearInterval(sampler);
    await page.getByTestId('archive-survival').waitFor();
    const { long, opened } = await page.evaluate(() => {
      const probe = window as unknown as Probe;
      return { long: probe.__long, opened: probe.__opened ?? 0 };
    });
    return {
      ms,
      peakRendererMB,
      longTasks: long.filter(([at]) => at >= opened).map(([, d]) => d),
      handoverTasks: long.filter(([at]) => at < opened).map(([, d]) => d),
    };
  } finally {
    await browser.close();
    if (server.pid) process.kill(-server.pid);
  }
}

export async function archiveBench(options: { quick: boolean }): Promise<Figure[]> {
  const section = 'archive';
  // --quick reads a folder a tenth the size, without the two largest sessions.
  const sessions = Number(process.env.ARCHIVE_SESSIONS ?? (options.quick ? 100 : 1000));
  const { dir, bytes } = ensureFolder(sessions);
  const mb = bytes / 1e6;
  const cli = runCli(dir);
  const rate = mb / (cli.ms / 1000);
  const figures: Figure[] = [
    {
      section,
      name: `folder: ${sessions.toLocaleString('en-US')} chained sessions in 4 layouts${options.quick ? ' (quick: small folder)' : ''}`,
      value: Math.round(mb),
      unit: 'MB',
    },
    { section, name: 'CLI archive --json: time', value: Math.round(cli.ms), unit: 'ms' },
    {
      section,
      name: 'CLI archive: throughput',
      value: rate,
      unit: 'MB/s',
      target: '≥ 35 MB/s',
      meets: rate >= 35,
    },
  ];
  if (cli.peakMB !== null)
    figures.push({
      section,
      name: 'CLI archive: peak memory (all threads)',
      value: Math.round(cli.peakMB),
      unit: 'MB',
      target: '≤ 1024 MB',
      meets: cli.peakMB <= 1024,
    });
  if (!options.quick) {
    const page = await runPage(dir);
    const longest = page.longTasks.reduce((a, b) => Math.max(a, b), 0);
    figures.push(
      {
        section,
        name: 'page archive: time',
        value: Math.round(page.ms),
        unit: 'ms',
        target: `≤ 2 × CLI (${Math.round(2 * cli.ms)} ms)`,
        meets: page.ms <= 2 * cli.ms,
      },
      ...(page.peakRendererMB === null
        ? []
        : [
            {
              section,
              name: "page archive: peak memory (the page's renderer: its thread and workers)",
              value: Math.round(page.peakRendererMB),
              unit: 'MB',
              target: '≤ 1024 MB',
              meets: page.peakRendererMB <= 1024,
            },
          ]),
      {
        section,
        name: 'page archive: main-thread tasks over 50 ms',
        value: page.longTasks.length,
        unit: page.longTasks.length ? `tasks (longest ${Math.round(longest)} ms)` : 'tasks',
        target: '0',
        meets: page.longTasks.length === 0,
      },
      {
        section,
        name: "page archive: the browser's own tasks over 50 ms handing the input its files",
        value: page.handoverTasks.length,
        unit: page.handoverTasks.length
          ? `tasks (longest ${Math.round(Math.max(...page.handoverTasks))} ms)`
          : 'tasks',
      },
    );
  }
  return figures;
}
