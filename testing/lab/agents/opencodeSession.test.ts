/** What an OpenCode (or Kilo) export says of how its compactions came about, and the manual one asked of its server. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunContext } from '../agent';
import { execClean } from '../exec';
import { compactionsRecorded, compactOverServer } from './opencodeSession';

const fixture = (path: string) =>
  readFileSync(new URL(`../../../src/formats/fixtures/lab/${path}`, import.meta.url), 'utf8');

describe('compactionsRecorded', () => {
  it('reads automatic and manual from the compaction parts (auto true, then the one the server was asked for)', () => {
    expect(compactionsRecorded(fixture('opencode/1.18.33/export.json'))).toEqual(['automatic', 'manual']);
    expect(compactionsRecorded(fixture('kilo/7.7.7/export.json'))).toEqual(['automatic', 'manual']);
  });

  it('reads automatic alone from a run that asked for none', () => {
    expect(compactionsRecorded(fixture('opencode/export-1.18.33.json'))).toEqual(['automatic']);
  });

  it('reads nothing from a session that never compacted', () => {
    const exported = {
      info: { id: 'ses_1' },
      messages: [{ info: { id: 'msg_1' }, parts: [{ type: 'text' }] }],
    };
    expect(compactionsRecorded(JSON.stringify(exported))).toEqual([]);
  });
});

/**
 * Stands in for `opencode serve --hostname H --port P`: says where it listens as OpenCode does,
 * answers the summarize request with `answer`, and writes down what it was asked.
 */
const FAKE_SERVE = `
const { createServer } = require('node:http');
const { writeFileSync } = require('node:fs');
const [, answer, asked] = process.argv.slice(1);
const port = Number(process.argv[process.argv.indexOf('--port') + 1]);
createServer((req, res) => {
  let body = '';
  req.on('data', (d) => (body += d));
  req.on('end', () => {
    writeFileSync(asked, JSON.stringify({ method: req.method, url: req.url, body: JSON.parse(body) }));
    res.writeHead(answer === 'true' ? 200 : 500).end(answer);
  });
}).listen(port, '127.0.0.1', () => console.log('opencode server listening on http://127.0.0.1:' + port));
`;

function withFakeServe(answer: string): { ctx: RunContext; asked: string } {
  const dir = mkdtempSync(join(tmpdir(), 'lab-serve-'));
  const script = join(dir, 'serve.cjs');
  writeFileSync(script, FAKE_SERVE);
  const asked = join(dir, 'asked.json');
  const ctx: RunContext = {
    installed: { dir, version: '1.18.33', command: ['node', script, answer, asked] },
    home: dir,
    project: dir,
    mockUrl: 'http://127.0.0.1:9',
    model: 'agent',
    exec: (command, args, options) => execClean({ home: dir, tmp: dir, cwd: dir }, command, args, options),
    log: () => undefined,
  };
  return { ctx, asked };
}

describe('compactOverServer', () => {
  it("starts the agent's server on a port of 127.0.0.1, asks it to summarize the session with the lab's model, and stops it", async () => {
    const { ctx, asked } = withFakeServe('true');
    await compactOverServer(ctx, { name: 'opencode', env: {} }, 'ses_1');
    expect(JSON.parse(readFileSync(asked, 'utf8'))).toEqual({
      method: 'POST',
      url: '/session/ses_1/summarize',
      body: { providerID: 'lab', modelID: 'agent' },
    });
  });

  it('fails with what the server answered when the summary was refused', async () => {
    const { ctx } = withFakeServe('busy');
    await expect(compactOverServer(ctx, { name: 'kilo', env: {} }, 'ses_1')).rejects.toThrow(
      /kilo serve: the summarize request did not succeed: exit 1; 500 busy/,
    );
  });
});
