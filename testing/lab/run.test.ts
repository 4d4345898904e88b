/** The lab runner's options and where it keeps its cache. */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LabAgent } from './agent';
import { cacheDir, missingFromCache, overLimit, parseArgs, scratchDir } from './run';
import { cleanEnv, execClean, registryEnv } from './exec';

describe('parseArgs', () => {
  it('reads agents (repeated or comma-separated) and the switches', () => {
    expect(parseArgs(['--agent', 'codex', '--agent', 'claude-code', '--latest', '--keep', '--json'])).toEqual(
      {
        agents: ['codex', 'claude-code'],
        latest: true,
        keep: true,
        json: true,
        ifCached: false,
      },
    );
    expect(parseArgs(['--agent', 'codex,claude-code']).agents).toEqual(['codex', 'claude-code']);
  });

  it('refuses an unknown agent or option and names the known ones', () => {
    expect(() => parseArgs(['--agent', 'nope'])).toThrow(/no lab agent nope \(known: .*codex/);
    expect(() => parseArgs(['--fast'])).toThrow('unknown option --fast');
  });
});

describe('--if-cached', () => {
  it('is read, and refused beside --latest, which asks the registry', () => {
    expect(parseArgs(['--if-cached']).ifCached).toBe(true);
    expect(() => parseArgs(['--if-cached', '--latest'])).toThrow(
      '--if-cached never downloads, so it cannot run --latest',
    );
  });

  it('names each agent whose pinned version is not installed in the cache', () => {
    const cache = mkdtempSync(join(tmpdir(), 'lab-cached-'));
    const agent = (id: string, packageName: string, pinned: string) =>
      ({ id, name: id.toUpperCase(), packageName, pinned }) as LabAgent;
    const install = (folder: string, packageName: string, version: string) => {
      const dir = join(cache, folder, 'node_modules', packageName);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ version }));
    };
    install('a@1.0.0', 'pkg-a', '1.0.0');
    // Another version in the pinned version's folder is not the pinned one.
    install('b@2.0.0', '@scope/pkg-b', '1.9.0');
    const agents = [
      agent('a', 'pkg-a', '1.0.0'),
      agent('b', '@scope/pkg-b', '2.0.0'),
      agent('c', 'pkg-c', '3.0.0'),
    ];
    expect(missingFromCache(cache, agents)).toEqual(['B 2.0.0', 'C 3.0.0']);
    expect(missingFromCache(cache, agents.slice(0, 1))).toEqual([]);
  });
});

describe('cacheDir', () => {
  it('is LAB_CACHE, else under XDG_CACHE_HOME, else under ~/.cache', () => {
    expect(cacheDir({ LAB_CACHE: '/c' })).toBe('/c');
    expect(cacheDir({ XDG_CACHE_HOME: '/x' })).toBe('/x/compaction-playground-lab');
    expect(cacheDir({})).toMatch(/\.cache\/compaction-playground-lab$/);
  });
});

describe('cleanEnv', () => {
  it('holds HOME, PATH, LANG and TMPDIR and what the lab adds, nothing of the calling environment', () => {
    process.env.LAB_TEST_LEAK = 'leaked';
    const env = cleanEnv({ home: '/h', tmp: '/t', cwd: '/p', env: { A: '1' } }, { B: '2' });
    expect(Object.keys(env).sort()).toEqual(['A', 'B', 'HOME', 'LANG', 'PATH', 'TMPDIR']);
    expect(env.HOME).toBe('/h');
    delete process.env.LAB_TEST_LEAK;
  });
});

describe('registryEnv', () => {
  it("passes npm only the machine's certificate settings", () => {
    expect(
      registryEnv({ NODE_EXTRA_CA_CERTS: '/ca.crt', SSL_CERT_FILE: '/c', SECRET: 'x', PATH: '/bin' }),
    ).toEqual({
      NODE_EXTRA_CA_CERTS: '/ca.crt',
      SSL_CERT_FILE: '/c',
    });
  });
});

describe('scratchDir', () => {
  it('gives every run its own folder under runs/, so two runs of one agent version never share one', () => {
    const cache = mkdtempSync(join(tmpdir(), 'lab-scratch-'));
    const first = scratchDir(cache, 'codex', '0.169.0');
    const second = scratchDir(cache, 'codex', '0.169.0');
    expect(first).not.toBe(second);
    for (const dir of [first, second]) {
      expect(dir.startsWith(join(cache, 'runs', 'codex@0.169.0-'))).toBe(true);
      expect(existsSync(dir)).toBe(true);
    }
  });
});

describe('the limit on a run', () => {
  it('stops a run past its requests or its time, and says which', () => {
    const limit = { requests: 300, ms: 20 * 60_000 };
    expect(overLimit(300, 60_000, limit)).toBeNull();
    expect(overLimit(301, 60_000, limit)).toBe(
      "stopped after 300 requests to the mock (the lab's limit per run)",
    );
    expect(overLimit(10, 20 * 60_000 + 1, limit)).toBe("stopped after 20 minutes (the lab's limit per run)");
  });

  it('stops a command and its children when the run is aborted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-abort-'));
    const controller = new AbortController();
    const started = Date.now();
    const running = execClean({ home: dir, tmp: dir, cwd: dir }, 'sh', ['-c', 'sleep 30 & sleep 30'], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    const result = await running;
    expect(result.code).toBeNull();
    expect(result.timedOut).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
