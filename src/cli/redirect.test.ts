/**
 * A provider address that answers 307 to another server, with real sockets:
 * Node's fetch, left to follow it, would send the key in `x-api-key` to the
 * second server. Both servers are on 127.0.0.1 at ports the system picks.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlm, type MockLlm } from '../../testing/mock-llm/server';
import { CHAT, run, scratch, withEnv } from './testSupport.node';

const KEY = 'sk-ant-test-redirect-cli-0001';
const { file } = scratch('cp-redirect-');
const chatFile = file('chat.json', CHAT);

/** The second server: a full mock provider, which records everything it receives. */
let elsewhere: MockLlm;
/** The first: every request is redirected, path kept, to the second. */
let redirector: Server;
let redirectorUrl: string;
const redirected: string[] = [];

beforeAll(async () => {
  elsewhere = await startMockLlm({ port: 0 });
  redirector = createServer((request, response) => {
    redirected.push(request.url ?? '/');
    request.resume();
    response.writeHead(307, { location: `${elsewhere.url}${request.url ?? '/'}` });
    response.end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    redirector.close(() => resolve());
    redirector.closeAllConnections();
  });
  await elsewhere.close();
});

let restoreEnv: () => void = () => {};
beforeEach(() => {
  restoreEnv = withEnv({ COMPACTION_PLAYGROUND_API_KEY: KEY, ANTHROPIC_API_KEY: undefined });
  redirected.length = 0;
  elsewhere.requests.length = 0;
});
afterEach(() => restoreEnv());

const refusal = (path: string) =>
  `The server at ${redirectorUrl} redirected to another address (${elsewhere.url}${path}); a request with your key does not follow it.`;

describe('keys do not follow a redirect to another host, from the command line', () => {
  it('count: the redirect is refused with exit 1, and the other server never sees the key', async () => {
    const argv = [
      'count',
      chatFile,
      '--provider',
      'anthropic',
      '--model',
      'mock',
      '--base-url',
      redirectorUrl,
    ];
    const { code, out, err } = await run(argv);
    expect([code, out]).toEqual([1, '']);
    expect(err).toBe(
      [
        `compaction-playground: The server at ${redirectorUrl} sent the call to another address`,
        `  ${refusal('/v1/messages/count_tokens')}`,
        '  If that address is where the service now answers, and you trust it, make it the base URL; otherwise check the base URL.',
        '',
      ].join('\n'),
    );
    expect(redirected).toEqual(['/v1/messages/count_tokens']);
    expect(elsewhere.requests).toEqual([]);
  });

  it('compact: the summary call stops at the redirect, without a retry or an archive, and the other server never sees the key', async () => {
    const argv = [
      'compact',
      chatFile,
      '--provider',
      'anthropic',
      '--model',
      'mock',
      '--base-url',
      redirectorUrl,
    ];
    const { code, out, err } = await run([...argv, '--keep-recent', '30']);
    expect([code, out]).toEqual([1, '']);
    expect(err).toContain(`  ${refusal('/v1/messages')}\n`);
    expect(redirected).toEqual(['/v1/messages']);
    expect(elsewhere.requests).toEqual([]);
  });
});
