/**
 * The published package as an agent builder gets it: `npm pack` (which builds
 * lib/), then an install of the tarball into a fresh project, offline, where a
 * TypeScript file importing the three entry points type-checks, the agent-loop
 * example runs against the mock LLM server, a session file is read through the
 * formats entry point in a few lines, and the command runs.
 *
 * The install is offline and pinned by a lockfile: npm resolves a version range
 * from the registry's full package documents, which the offline npm cache does
 * not hold, while it does hold the tarballs of our runtime dependencies. So
 * the new project's lockfile names the tarball's dependencies (and theirs) at
 * the versions and integrities of our own package-lock.json, and `npm ci
 * --offline` takes them from the cache. With a network, `npm install
 * compaction-playground-<version>.tgz` needs no lockfile.
 *
 * TypeScript and Node's types for the check come from this repository: they
 * are the test's tools, not the package's dependencies.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../testing/mock-llm/server';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
/** A loaded two-core machine builds, packs and installs slowly; none of it waits on a clock. */
const SLOW = 300_000;

interface PackedFile {
  path: string;
}
interface PackResult {
  filename: string;
  integrity: string;
  files: PackedFile[];
}
interface LockEntry {
  version: string;
  integrity: string;
  dependencies?: Record<string, string>;
}

const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  bin: Record<string, string>;
  engines: Record<string, string>;
};
const rootLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The lockfile of a project that depends on the tarball alone, its dependencies taken from ours. */
function lockFor(tarball: string, integrity: string): object {
  const packages: Record<string, object> = {
    '': { name: 'agent', version: '1.0.0', dependencies: { [rootPackage.name]: `file:${tarball}` } },
    [`node_modules/${rootPackage.name}`]: {
      version: rootPackage.version,
      resolved: `file:${tarball}`,
      integrity,
      dependencies: rootPackage.dependencies,
      bin: rootPackage.bin,
      engines: rootPackage.engines,
    },
  };
  const pending = Object.keys(rootPackage.dependencies);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (packages[`node_modules/${name}`]) continue;
    const entry = rootLock.packages[`node_modules/${name}`];
    const file = `${name.split('/').at(-1)}-${entry.version}.tgz`;
    packages[`node_modules/${name}`] = {
      version: entry.version,
      resolved: `https://registry.npmjs.org/${name}/-/${file}`,
      integrity: entry.integrity,
      ...(entry.dependencies ? { dependencies: entry.dependencies } : {}),
    };
    pending.push(...Object.keys(entry.dependencies ?? {}));
  }
  return { name: 'agent', version: '1.0.0', lockfileVersion: 3, requires: true, packages };
}

const CHECK = `import {
  createCompactor,
  isOverflowError,
  loadEstimator,
  normalizeSettings,
  prepare,
  threshold,
  type Checkpoint,
  type Message,
  type Preparation,
  type Result,
  type Summarizer,
} from 'compaction-playground/core';
import {
  createOfflineSummarizer,
  createProviderSummarizer,
  type ProviderConfig,
} from 'compaction-playground/providers';
import {
  FORMATS,
  detectFormat,
  readSession,
  type ImportReport,
  type ReadSession,
} from 'compaction-playground/formats';

const messages: Message[] = [{ id: '1', role: 'user', content: 'Fix the retry delay.' }];
const config: ProviderConfig = { kind: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' };
const summarizers: Summarizer[] = [createOfflineSummarizer(), createProviderSummarizer(config)];
const limit: number = threshold(normalizeSettings({ maxContextTokens: 128_000 }));
const estimator = await loadEstimator('chars4');
const prep: Preparation | null = prepare(messages, { maxContextTokens: 128_000 }, estimator);
const result: Promise<Result> | undefined = createCompactor(summarizers[0], estimator, {})?.compact(messages);
const kept: Checkpoint | null = null;
const read: ReadSession = await readSession('[{"role":"user","content":"hi"}]');
const report: ImportReport = read.report;
const sameMessages: Message[] = read.messages;
export { isOverflowError, limit, prep, result, kept, report, sameMessages, FORMATS, detectFormat };
`;

/** An agent developer's script: every session in the folder, read in a few lines. */
const READ_SESSIONS = `import { createReadStream, readdirSync } from 'node:fs';
import { readSession } from 'compaction-playground/formats';

for (const file of readdirSync('sessions').sort()) {
  const { format, messages, report } = await readSession(createReadStream(\`sessions/\${file}\`), { fileName: file });
  const calls = messages.flatMap((m) => m.toolCalls ?? []).length;
  console.log(file, format, messages.length, calls, report.notes.map((n) => n.code).join(',') || '-');
}
`;

let work: string;
let app: string;
let packed: PackResult;
let mock: MockLlm;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'compaction-playground-pack-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as PackResult[];

  app = join(work, 'agent');
  cpSync(join(ROOT, 'examples/agent-loop.ts'), join(app, 'agent-loop.ts'));
  writeFileSync(join(app, 'check.ts'), CHECK);
  writeFileSync(join(app, 'read-sessions.mjs'), READ_SESSIONS);
  mkdirSync(join(app, 'sessions'));
  writeFileSync(
    join(app, 'sessions/goose.jsonl'),
    readFileSync(join(ROOT, 'src/formats/fixtures/goose.jsonl')),
  );
  writeFileSync(
    join(app, 'sessions/api_conversation_history.json'),
    readFileSync(join(ROOT, 'src/formats/fixtures/roo-code-task.json')),
  );
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'agent',
      version: '1.0.0',
      private: true,
      type: 'module',
      dependencies: { [rootPackage.name]: `file:../${packed.filename}` },
    }),
  );
  writeFileSync(
    join(app, 'package-lock.json'),
    JSON.stringify(lockFor(`../${packed.filename}`, packed.integrity)),
  );
  writeFileSync(
    join(app, 'chat.json'),
    JSON.stringify([
      { role: 'user', content: 'Why does the retry wait so long?' },
      { role: 'assistant', content: 'The delay doubles on every attempt.' },
    ]),
  );
  await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: app });
  mock = await startMockLlm({ port: 0 });
}, SLOW);

afterAll(async () => {
  await mock?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('holds the built entry points with their types, the compiled command and no tests', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'LICENSE',
        'CHANGELOG.md',
        'docs/api.md',
        'bin/compaction-playground.mjs',
        'lib/core/index.js',
        'lib/core/index.d.ts',
        'lib/providers/index.js',
        'lib/providers/index.d.ts',
        'lib/formats/index.js',
        'lib/formats/index.d.ts',
        'lib/cli/main.js',
      ]),
    );
    expect(
      paths.filter((p) => /\.test\.|__fixtures__|testSupport|\.ts$/.test(p) && !p.endsWith('.d.ts')),
    ).toEqual([]);
    expect(paths.filter((p) => /^(src|e2e|testing|scripts|bench|examples|public)\//.test(p))).toEqual([]);
  });

  it('installs offline with only the runtime dependencies: no browser packages, no TypeScript runner', () => {
    expect(readdirSync(join(app, 'node_modules')).sort()).toEqual([
      '.bin',
      '.package-lock.json',
      'base64-js',
      'compaction-playground',
      'eventsource-parser',
      // `archive --out X.parquet` writes Parquet in plain JavaScript.
      'hyparquet',
      'hyparquet-writer',
      'js-tiktoken',
      // `archive` reads OpenCode's SQLite database with SQLite in WebAssembly, its .wasm beside it.
      'sql.js',
      'valibot',
    ]);
    for (const dev of ['react', 'recharts', 'zustand', '@tanstack/react-query', 'idb-keyval', 'tsx'])
      expect(rootPackage.devDependencies[dev], dev).toBeDefined();
  });

  it(
    'type-checks a TypeScript file and the agent-loop example against the installed types',
    async () => {
      writeFileSync(
        join(app, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            strict: true,
            lib: ['ES2023'],
            types: ['node'],
            typeRoots: [join(ROOT, 'node_modules/@types')],
            outDir: 'out',
          },
          files: ['check.ts', 'agent-loop.ts'],
        }),
      );
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      const { stdout } = await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: app });
      expect(stdout).toBe('');
      expect(readdirSync(join(app, 'out')).sort()).toEqual(['agent-loop.js', 'check.js']);
    },
    SLOW,
  );

  it(
    'runs the agent-loop example on the mock server: a threshold compaction, an overflow recovered, a checkpoint',
    async () => {
      const example = join(app, 'out/agent-loop.js');
      for (const [args, summaries] of [
        [[], 'summaries by offline'],
        [['--provider'], 'summaries by custom:mock'],
      ] as const) {
        const { stdout } = await run(process.execPath, [example, mock.url, ...args], { cwd: app });
        expect(stdout).toContain(`model window-6000 at ${mock.url}/v1, ${summaries}`);
        expect(stdout).toMatch(/the provider refused \d+ tokens as too long\n {2}compacted \(overflow\)/);
        expect(stdout).toMatch(/compacted \(threshold\): \d+ → \d+ tokens/);
        expect(stdout).toMatch(
          /done: 6 tasks, 7 model calls, 2 compactions \(threshold 1, overflow 1\), checkpoint on turn-\d/,
        );
      }
      // The mock weighs a prompt at a token per four characters of its messages.
      const promptTokens = (body: string) =>
        Math.ceil(
          (JSON.parse(body) as { messages: { content: string }[] }).messages.map((m) => m.content).join('\n')
            .length / 4,
        );
      const calls = mock.requests.filter((r) => r.model === 'window-6000');
      expect(calls).toHaveLength(14);
      expect(calls.filter((r) => promptTokens(r.body) > 6000)).toHaveLength(2);
    },
    SLOW,
  );

  it(
    'reads session files of any harness through compaction-playground/formats in a few lines',
    async () => {
      const { stdout } = await run(process.execPath, ['read-sessions.mjs'], { cwd: app });
      expect(stdout.trim().split('\n')).toEqual([
        'api_conversation_history.json cline 8 2 condensed-messages,condensed-results',
        'goose.jsonl goose 6 2 agent-invisible,user-only-content',
      ]);
    },
    SLOW,
  );

  it(
    'runs `npx compaction-playground inspect` from the installed, compiled package',
    async () => {
      const installed = join(app, 'node_modules', rootPackage.name);
      expect(existsSync(join(installed, 'src'))).toBe(false);
      const { stdout } = await run(
        'npx',
        ['--no-install', 'compaction-playground', 'inspect', 'chat.json', '--json'],
        {
          cwd: app,
        },
      );
      // Texts of 8 and 7 o200k tokens, each message 3 more and 1 for its role; 3 for the list is the
      // request's framing, a figure of its own beside the rows' sum.
      expect(JSON.parse(stdout)).toMatchObject({
        format: 'openai-chat',
        tokenizer: 'o200k_base',
        totalTokens: 23,
        framingTokens: 3,
        unseenTokens: 0,
        unseenSource: 'none',
        contextTokens: 26,
        threshold: 111_616,
        shouldCompact: false,
      });
    },
    SLOW,
  );

  it(
    "runs `archive` from the installed package on OpenCode's database, sql.js's WebAssembly found where it is installed",
    async () => {
      const data = join(app, 'opencode-data');
      mkdirSync(data);
      for (const name of ['opencode.db', 'opencode.db-wal'])
        copyFileSync(join(ROOT, 'src/cli/__fixtures__/opencode-wal', name), join(data, name));
      const { stdout } = await run(
        'npx',
        ['--no-install', 'compaction-playground', 'archive', data, '--json'],
        {
          cwd: app,
        },
      );
      const doc = JSON.parse(stdout) as { sessions: { file: string; calls: number; error?: string }[] };
      expect(doc.sessions.map((s) => [s.file, s.calls, s.error ?? null])).toEqual([
        ['opencode.db#ses_wal0001', 2, null],
      ]);
    },
    SLOW,
  );
});
