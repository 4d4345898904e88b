/**
 * What OpenCode and Kilo (its fork, the same command line) share in the lab
 * once their turns have run: the newest session's id, its export written to
 * a file, a manual compaction asked of the agent's own server (what `/compact`
 * does in its terminal interface), and the compactions the export records.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRun, RunContext } from '../agent';
import { tailOf } from './pinnedPackage';

/** The provider id the lab's settings give the mock. */
export const LAB_PROVIDER = 'lab';

export interface OpenCodeCli {
  /** `opencode` or `kilo`: the name in failure lines and file names. */
  name: string;
  env: Record<string, string>;
}

async function run(ctx: RunContext, cli: OpenCodeCli, args: string[], stdoutFile?: string): Promise<string> {
  const [command, ...rest] = ctx.installed.command;
  const done = await ctx.exec(command, [...rest, ...args], { env: cli.env, stdoutFile });
  if (done.code !== 0) throw new Error(`${cli.name} ${args[0]} failed: ${tailOf(done)}`);
  return done.stdout;
}

/** The id of the session `session list` shows first (the newest). */
export async function newestSession(ctx: RunContext, cli: OpenCodeCli): Promise<string> {
  const sessions = JSON.parse(await run(ctx, cli, ['session', 'list', '--format', 'json'])) as {
    id: string;
  }[];
  if (!sessions[0]) throw new Error(`${cli.name} session list shows no session`);
  return sessions[0].id;
}

/**
 * The session exported as JSON into a file in the scratch HOME. The export
 * goes straight to the file: read from a pipe it came out cut short, since
 * the agent exits before the pipe has taken the end of it.
 */
export async function exportSession(ctx: RunContext, cli: OpenCodeCli, id: string): Promise<string> {
  const file = join(ctx.home, `${cli.name}-export-${id}.json`);
  await run(ctx, cli, ['export', id], file);
  return file;
}

/**
 * Starts `serve` on a free port of 127.0.0.1, asks `POST /session/<id>/summarize` (which
 * answers once the summary is written), then stops the server. `run
 * --command compact` is no way to it: "compact" is no command there, and
 * the server answers an unknown error.
 */
const SUMMARIZE_OVER_SERVER = `
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');
const [sessionID, providerID, modelID, command, ...args] = process.argv.slice(1);

async function summarize(url) {
  const answer = await fetch(url + '/session/' + sessionID + '/summarize', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ providerID, modelID }),
  });
  process.stdout.write(answer.status + ' ' + (await answer.text()) + '\\n');
  return answer.ok;
}

function serve(port) {
  const server = spawn(command, [...args, 'serve', '--hostname', '127.0.0.1', '--port', port], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let said = '';
  let asked = false;
  server.stdout.on('data', (chunk) => {
    said += chunk;
    const url = /listening on (http:\\/\\/127\\.0\\.0\\.1:\\d+)/.exec(said)?.[1];
    if (!url || asked) return;
    asked = true;
    summarize(url)
      .then((ok) => (process.exitCode = ok ? 0 : 1))
      .catch((error) => {
        process.stdout.write(String(error) + '\\n');
        process.exitCode = 1;
      })
      .finally(() => server.kill('SIGTERM'));
  });
  server.on('close', (code) => {
    if (!asked) process.exit(code || 1);
  });
}

// A free port of our own: given 0, serve tries 4096 first, which another run may hold.
const probe = createServer().listen(0, '127.0.0.1', () => {
  const port = String(probe.address().port);
  probe.close(() => serve(port));
});
`;

/** A manual compaction of session `id` with the lab's provider and model, through the agent's own server. */
export async function compactOverServer(ctx: RunContext, cli: OpenCodeCli, id: string): Promise<void> {
  const [command, ...rest] = ctx.installed.command;
  const done = await ctx.exec(
    'node',
    ['-e', SUMMARIZE_OVER_SERVER, id, LAB_PROVIDER, ctx.model, command, ...rest],
    { env: cli.env },
  );
  if (done.code !== 0 || !/^200 true/m.test(done.stdout))
    throw new Error(`${cli.name} serve: the summarize request did not succeed: ${tailOf(done)}`);
}

interface ExportedCompactions {
  messages?: { parts?: { type?: unknown; auto?: unknown }[] }[];
}

/**
 * How the compactions an export records were brought about, from its
 * `compaction` parts: `auto: true` the agent's own, `auto: false` one asked
 * for (`/compact`, the server's summarize). Each kind once, automatic first.
 */
export function compactionsRecorded(exportText: string): AgentRun['compactions'] {
  const parts = ((JSON.parse(exportText) as ExportedCompactions).messages ?? [])
    .flatMap((m) => m.parts ?? [])
    .filter((p) => p.type === 'compaction');
  const kinds: AgentRun['compactions'] = [];
  if (parts.some((p) => p.auto === true)) kinds.push('automatic');
  if (parts.some((p) => p.auto !== true)) kinds.push('manual');
  return kinds;
}

/**
 * After the turns: the newest session compacted by hand, then exported. The
 * compactions reported are the ones the export records.
 */
export async function compactAndExport(
  ctx: RunContext,
  cli: OpenCodeCli,
): Promise<{ exported: string; compactions: AgentRun['compactions'] }> {
  const id = await newestSession(ctx, cli);
  await compactOverServer(ctx, cli, id);
  const exported = await exportSession(ctx, cli, id);
  return { exported, compactions: compactionsRecorded(readFileSync(exported, 'utf8')) };
}
