/**
 * How the lab starts a command: a clean environment (HOME, PATH, LANG, TMPDIR
 * and what the caller adds, nothing of the calling shell), a time limit, the
 * output collected. While an agent runs, every proxy variable points at a
 * closed local port, so a request an agent sends anywhere but the mock fails
 * on this machine instead of leaving it.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ExecOptions, Executed } from './agent';

/** Node's own folder first, so an agent's `#!/usr/bin/env node` finds the Node running the lab. */
export const LAB_PATH = [dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':');

/** A port nothing listens on: the proxy every agent is given while it runs. */
const NOWHERE = 'http://127.0.0.1:9';

export const OFFLINE_ENV: Readonly<Record<string, string>> = {
  HTTP_PROXY: NOWHERE,
  HTTPS_PROXY: NOWHERE,
  ALL_PROXY: NOWHERE,
  http_proxy: NOWHERE,
  https_proxy: NOWHERE,
  all_proxy: NOWHERE,
  NO_PROXY: '127.0.0.1,localhost',
  no_proxy: '127.0.0.1,localhost',
};

/**
 * What npm needs of the calling environment to reach the registry through a
 * machine's own certificate authority: given to the lab's npm commands only,
 * never to an agent.
 */
const REGISTRY_VARIABLES = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR'] as const;

export function registryEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of REGISTRY_VARIABLES) {
    const value = env[name];
    if (value) out[name] = value;
  }
  return out;
}

export interface ExecBase {
  home: string;
  tmp: string;
  cwd: string;
  /** Added before the call's own variables (the offline proxies while an agent runs). */
  env?: Record<string, string>;
}

export function cleanEnv(base: ExecBase, extra: Record<string, string> = {}): Record<string, string> {
  return { HOME: base.home, PATH: LAB_PATH, LANG: 'C.UTF-8', TMPDIR: base.tmp, ...base.env, ...extra };
}

export function execClean(
  base: ExecBase,
  command: string,
  args: string[],
  options: ExecOptions = {},
): Promise<Executed> {
  return new Promise((resolve) => {
    const outFile = options.stdoutFile === undefined ? null : openSync(options.stdoutFile, 'w');
    const child = spawn(command, args, {
      cwd: options.cwd ?? base.cwd,
      env: cleanEnv(base, options.env),
      stdio: ['pipe', outFile ?? 'pipe', 'pipe'],
      detached: true, // its own process group, so the time limit stops its children too
    });
    // The child holds its own copy of the descriptor.
    if (outFile !== null) closeSync(outFile);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const stop = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group has already ended.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs ?? 180_000);
    const signal = options.signal;
    signal?.addEventListener('abort', stop, { once: true });
    if (signal?.aborted) stop();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    };
    child.on('error', (error) => {
      done();
      resolve({ code: null, stdout, stderr: `${stderr}${error.message}`, timedOut });
    });
    child.on('close', (code) => {
      done();
      resolve({ code, stdout, stderr, timedOut });
    });
    // A command that exits before reading its input closes the pipe: that is its answer, not the lab's failure.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input ?? '');
  });
}
