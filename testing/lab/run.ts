/**
 * The conformance lab's runner: installs each agent at its pinned version
 * into the cache, runs it against the mock server's scripted agent in a
 * scratch HOME and project with a clean environment, checks what it wrote and
 * sent against the product, and prints one line per agent and a table.
 *
 *   npm run lab                          every agent
 *   npm run lab -- --agent codex         one (repeat or comma-separate for more)
 *   npm run lab -- --latest              also the registry's newest version, and what changed
 *   npm run lab -- --keep                keep the scratch folders (their paths are printed)
 *   npm run lab -- --json                the results as JSON on standard output
 *   npm run lab -- --if-cached           run only when every pinned agent is in the cache (CI)
 *
 * The cache is `$LAB_CACHE`, else `$XDG_CACHE_HOME/compaction-playground-lab`,
 * else `~/.cache/compaction-playground-lab`; scratch runs live in its `runs/`,
 * one folder per run (`<id>@<version>-<suffix>`), so runs at the same time never share one.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadTokenizer } from '../../src/core';
import { startMockLlm, type MockLlm } from '../mock-llm/server';
import type { LabAgent } from './agent';
import { AGENTS } from './agents/index';
import { checkRun, type LabResult } from './checks';
import { compareVersions, formatLine, formatTable, keptDetail } from './report';
import { execClean, OFFLINE_ENV, registryEnv } from './exec';
import { trimSessionFile } from './fixture';
import { installedVersion } from './install';
import { labRequests } from './requests';
import { writeProject } from './project';

export interface LabOptions {
  agents: string[];
  latest: boolean;
  keep: boolean;
  json: boolean;
  /** Run only when every chosen agent's pinned version is already in the cache: never download. */
  ifCached: boolean;
}

export function parseArgs(args: readonly string[]): LabOptions {
  const options: LabOptions = { agents: [], latest: false, keep: false, json: false, ifCached: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--agent') {
      const value = args[++i];
      if (!value) throw new Error('--agent needs an agent id, e.g. --agent codex');
      options.agents.push(...value.split(',').filter(Boolean));
    } else if (arg === '--latest') options.latest = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--if-cached') options.ifCached = true;
    else
      throw new Error(`unknown option ${arg} (known: --agent <id>, --latest, --keep, --json, --if-cached)`);
  }
  // The newest version is asked of the registry and may need installing: not what --if-cached promises.
  if (options.ifCached && options.latest)
    throw new Error('--if-cached never downloads, so it cannot run --latest');
  const known = new Set(AGENTS.map((agent) => agent.id));
  const unknown = options.agents.filter((id) => !known.has(id));
  if (unknown.length) throw new Error(`no lab agent ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  return options;
}

export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LAB_CACHE) return env.LAB_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'compaction-playground-lab');
}

/** The chosen agents whose pinned version is not installed in `cache`, as "Name version". */
export function missingFromCache(cache: string, agents: readonly LabAgent[]): string[] {
  return agents
    .filter((a) => installedVersion(join(cache, `${a.id}@${a.pinned}`), a.packageName) !== a.pinned)
    .map((a) => `${a.name} ${a.pinned}`);
}

/** A new scratch folder for one run of an agent version, never one another run (or process) is using. */
export function scratchDir(cache: string, id: string, version: string): string {
  const runs = join(cache, 'runs');
  mkdirSync(runs, { recursive: true });
  return mkdtempSync(join(runs, `${id}@${version}-`));
}

/** How far one run may go: past either, the lab stops the agent and says so. */
export interface RunLimit {
  requests: number;
  ms: number;
}

export const RUN_LIMIT: RunLimit = { requests: 300, ms: 20 * 60_000 };

/** Why a run must stop now, or null while it is within `limit`. */
export function overLimit(requests: number, elapsedMs: number, limit: RunLimit = RUN_LIMIT): string | null {
  if (requests > limit.requests)
    return `stopped after ${limit.requests} requests to the mock (the lab's limit per run)`;
  if (elapsedMs > limit.ms)
    return `stopped after ${Math.round(limit.ms / 60_000)} minutes (the lab's limit per run)`;
  return null;
}

/** Watches a run's requests and time, and aborts its commands once it is over the limit. */
class Watchdog {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly started = Date.now();
  reason: string | null = null;
  constructor(mock: MockLlm, from: number, limit: RunLimit = RUN_LIMIT) {
    this.timer = setInterval(() => {
      this.reason = overLimit(mock.requests.length - from, Date.now() - this.started, limit);
      if (this.reason) {
        this.controller.abort();
        clearInterval(this.timer);
      }
    }, 250);
  }
  get signal(): AbortSignal {
    return this.controller.signal;
  }
  stop(): void {
    clearInterval(this.timer);
  }
}

function fresh(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The registry's newest version of a package, asked through npm. */
async function latestVersion(cache: string, agent: LabAgent): Promise<string> {
  const home = join(cache, 'npm-home');
  mkdirSync(home, { recursive: true });
  const result = await execClean({ home, tmp: home, cwd: home }, 'npm', [
    'view',
    agent.packageName,
    'version',
  ]);
  const version = result.stdout.trim();
  if (result.code !== 0 || !version)
    throw new Error(`npm view ${agent.packageName} failed: ${result.stderr.trim()}`);
  return version;
}

class Progress {
  private timer: NodeJS.Timeout | undefined;
  private readonly started = Date.now();
  constructor(
    private readonly mock: MockLlm,
    private readonly label: string,
    private readonly from: number,
  ) {
    if (!process.stderr.isTTY) return;
    this.timer = setInterval(() => this.draw(), 1000);
  }
  private draw(): void {
    const seconds = Math.round((Date.now() - this.started) / 1000);
    const requests = this.mock.requests.length - this.from;
    process.stderr.write(`\r\x1b[K… ${this.label}: ${seconds} s, ${requests} requests to the mock`);
  }
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  }
}

async function runOne(
  agent: LabAgent,
  version: string,
  cache: string,
  mock: MockLlm,
  options: LabOptions,
  log: (line: string) => void,
): Promise<LabResult> {
  const label = `${agent.name} ${version}`;
  const dir = join(cache, `${agent.id}@${version}`);
  mkdirSync(dir, { recursive: true });
  const installHome = join(cache, 'npm-home');
  mkdirSync(installHome, { recursive: true });
  const failed = (stage: 'install' | 'run', error: unknown): LabResult => ({
    agent: agent.id,
    name: agent.name,
    version,
    failure: `${stage}: ${error instanceof Error ? error.message : String(error)}`,
  });
  let installed;
  try {
    installed = await agent.install({
      dir,
      version,
      exec: (command, args, opts) =>
        execClean({ home: installHome, tmp: installHome, cwd: dir, env: registryEnv() }, command, args, opts),
      log: (line) => log(`  ${label}: ${line}`),
    });
  } catch (error) {
    return failed('install', error);
  }
  const scratch = scratchDir(cache, agent.id, version);
  const home = fresh(join(scratch, 'home'));
  const project = fresh(join(scratch, 'project'));
  const tmp = fresh(join(scratch, 'tmp'));
  writeProject(project);
  const from = mock.requests.length;
  const progress = new Progress(mock, label, from);
  const watchdog = new Watchdog(mock, from);
  // Written for a failed run too: what the agent sent says why it failed.
  const keepRequests = () => {
    const requests = labRequests(mock.requests.slice(from));
    writeFileSync(join(scratch, 'requests.json'), `${JSON.stringify(requests, null, 1)}\n`);
    return requests;
  };
  try {
    const run = await agent.run({
      installed,
      home,
      project,
      mockUrl: mock.url,
      model: 'agent',
      exec: (command, args, opts) =>
        execClean({ home, tmp, cwd: project, env: { ...OFFLINE_ENV } }, command, args, {
          ...opts,
          signal: watchdog.signal,
        }),
      log: (line) => log(`  ${label}: ${line}`),
    });
    if (watchdog.reason) throw new Error(watchdog.reason);
    const requests = keepRequests();
    // The session files (not a database) trimmed into fixture shape, to copy into src/formats/fixtures/lab/<id>/<version>/.
    const fixtures = fresh(join(scratch, 'fixture'));
    for (const file of run.sessionFiles.filter((f) => /\.jsonl?$/.test(f)))
      writeFileSync(
        join(fixtures, basename(file)),
        trimSessionFile(file, readFileSync(file, 'utf8'), project, home),
      );
    const result = await checkRun(agent, version, run, requests, await loadTokenizer('o200k_base'));
    if (!options.keep) rmSync(scratch, { recursive: true, force: true });
    else result.scratch = scratch;
    return result;
  } catch (error) {
    keepRequests();
    // Past the limit the agent's own failure is only its being stopped: the limit says why.
    return { ...failed('run', watchdog.reason ? new Error(watchdog.reason) : error), scratch };
  } finally {
    watchdog.stop();
    progress.stop();
  }
}

export async function runLab(options: LabOptions): Promise<LabResult[]> {
  const cache = cacheDir();
  const agents = options.agents.length ? AGENTS.filter((a) => options.agents.includes(a.id)) : AGENTS;
  const out = (line: string) => (options.json ? process.stderr : process.stdout).write(`${line}\n`);
  if (options.ifCached) {
    const missing = missingFromCache(cache, agents);
    if (missing.length) {
      out(`lab: skipped, not in the cache ${cache} (--if-cached never downloads): ${missing.join(', ')}`);
      return [];
    }
  }
  mkdirSync(cache, { recursive: true });
  const mock = await startMockLlm({ host: '127.0.0.1' });
  const results: LabResult[] = [];
  try {
    out(`lab: cache ${cache}, mock ${mock.url}, ${agents.length} agent(s)`);
    for (const agent of agents) {
      const versions = [agent.pinned];
      if (options.latest) {
        try {
          const newest = await latestVersion(cache, agent);
          if (newest !== agent.pinned) versions.push(newest);
        } catch (error) {
          out(
            `  ${agent.name}: no latest version (${error instanceof Error ? error.message : String(error)})`,
          );
        }
      }
      const mine: LabResult[] = [];
      for (const version of versions) {
        const result = await runOne(agent, version, cache, mock, options, out);
        mine.push(result);
        results.push(result);
        out(formatLine(result));
        if (result.scratch) out(`  scratch ${result.scratch}`);
        for (const kept of result.keptEach ?? []) out(`  kept ${keptDetail(kept)}`);
      }
      if (mine.length === 2) for (const line of compareVersions(mine[0], mine[1])) out(`  ${line}`);
    }
  } finally {
    await mock.close();
  }
  if (options.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else out(`\n${formatTable(results)}`);
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let options: LabOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`lab: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  runLab(options).then(
    (results) => process.exit(results.some((r) => r.failure) ? 1 : 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
