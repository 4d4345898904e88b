/** The lab runner's options and where it keeps its cache. */
import { describe, expect, it } from 'vitest';
import { cacheDir, parseArgs } from './run';
import { cleanEnv, registryEnv } from './exec';

describe('parseArgs', () => {
  it('reads agents (repeated or comma-separated) and the switches', () => {
    expect(parseArgs(['--agent', 'codex', '--agent', 'claude-code', '--latest', '--keep', '--json'])).toEqual(
      {
        agents: ['codex', 'claude-code'],
        latest: true,
        keep: true,
        json: true,
      },
    );
    expect(parseArgs(['--agent', 'codex,claude-code']).agents).toEqual(['codex', 'claude-code']);
  });

  it('refuses an unknown agent or option and names the known ones', () => {
    expect(() => parseArgs(['--agent', 'nope'])).toThrow(/no lab agent nope \(known: .*codex/);
    expect(() => parseArgs(['--fast'])).toThrow('unknown option --fast');
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
