/**
 * A local stand-in for the LLM providers, speaking their real streaming
 * protocols at their real paths, for end-to-end tests and for trying the
 * preview without a key. The model name picks the scenario (see
 * `behaviour.ts`): `mock`, `slow-50`, `silent-after-headers`, `no-answer`,
 * `unauthorized`, `echo-key` (a 401 that quotes the key it got), `quote-key` (a summary that
 * quotes the key it got, split across two frames), `endless` (text that never stops), `rate-limited`,
 * `quota`, `overflow`, `length`, `empty`; `agent` (the conformance lab's scripted coding
 * agent, `agentScript.ts`: tool calls that read, run and write, a summary when asked to compact);
 * `window-<tokens>` refuses, with the overflow error, only prompts larger than that window.
 *
 *   npx tsx testing/mock-llm/server.ts --port 8787
 *
 * Base URLs: OpenAI families `http://127.0.0.1:8787/v1`; Anthropic, Gemini
 * and Ollama `http://127.0.0.1:8787`. The token-counting endpoints of
 * Anthropic, Gemini and OpenAI answer too, by the rule in `counting.ts`,
 * and so does Gemini's unstreamed `generateContent` (one JSON body).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { agentFrames } from './agentFrames';
import { BEHAVIOURS, scenarioOf, type Behaviour } from './behaviour';
import { countModel, countReply, countRoute, mockCount } from './counting';
import { PROTOCOLS, type ErrorCase, type Family, type StreamPlan } from './protocols';
import { readRequest } from './request';
import { mockSummary, pieces, tokenEstimate } from './summary';

export interface MockLlmOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Pause between frames of a `slow` stream whose model name gives no `slow-<ms>`. */
  slowDelayMs?: number;
}

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: Record<string, string>;
  body: string;
  family?: Family;
  model?: string;
  behaviour?: Behaviour;
}

export interface MockLlm {
  /** `http://host:port`, without a trailing slash. */
  url: string;
  /** Every request received, preflights included, oldest first. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

interface Route {
  family: Family;
  /** Gemini names the model in the path. */
  pathModel?: string;
  /** A token-counting endpoint (`counting.ts`), not a generation. */
  counts?: boolean;
  /** Gemini's `generateContent`: the whole reply as one JSON body, not a stream. */
  unary?: boolean;
}

function route(pathname: string): Route | undefined {
  const counting = countRoute(pathname);
  if (counting) return { ...counting, counts: true };
  if (pathname === '/v1/chat/completions') return { family: 'openai-chat' };
  if (pathname === '/v1/responses') return { family: 'openai-responses' };
  if (pathname === '/v1/messages') return { family: 'anthropic' };
  if (pathname === '/api/chat') return { family: 'ollama' };
  const gemini = /^\/v1(?:beta|alpha)?\/models\/([^/:]+):(streamGenerateContent|generateContent)$/.exec(
    pathname,
  );
  if (gemini)
    return {
      family: 'gemini',
      pathModel: decodeURIComponent(gemini[1]),
      unary: gemini[2] === 'generateContent',
    };
  return undefined;
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Real services answer any origin with `*`; reflecting the origin is equivalent for a test server. */
function corsHeaders(request: IncomingMessage): Record<string, string> {
  return { 'access-control-allow-origin': request.headers.origin ?? '*', vary: 'Origin' };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string>,
): void {
  response.writeHead(status, { ...headers, 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const ERROR_CASES: ReadonlySet<Behaviour> = new Set<ErrorCase>([
  'unauthorized',
  'rate-limited',
  'quota',
  'overflow',
]);

/** The frame an `endless` stream repeats: about 1 kB of text. */
const ENDLESS_PIECE = 'All work and no play makes the stream go on. '.repeat(22);

/** The summary's pieces, with the key quoted at the end in two frames that split it in the middle. */
function quotingKey(all: string[], key: string): string[] {
  const half = Math.floor(key.length / 2);
  return [...all, `\n- The key I was given: ${key.slice(0, half)}`, `${key.slice(half)}.`];
}

function textPieces(model: string, prompt: string, behaviour: Behaviour, key: string): string[] {
  if (behaviour === 'empty') return [];
  if (behaviour === 'endless') return [ENDLESS_PIECE];
  const all = pieces(mockSummary(prompt, model));
  return behaviour === 'quote-key' ? quotingKey(all, key) : all;
}

function plan(
  model: string,
  prompt: string,
  behaviour: Behaviour,
  thinking: boolean,
  includeUsage: boolean,
  key: string,
): StreamPlan {
  const all = textPieces(model, prompt, behaviour, key);
  // A length stop cuts the summary off partway through, as a real token cap would.
  const text = behaviour === 'length' ? all.slice(0, Math.max(1, Math.floor(all.length * 0.4))) : all;
  const reasoning = thinking
    ? pieces('The user wants a checkpoint summary; I will use the required headings.')
    : [];
  return {
    model,
    reasoning,
    text,
    stop: behaviour === 'length' ? 'length' : 'stop',
    inputTokens: tokenEstimate(prompt),
    outputTokens: tokenEstimate(text.join('') + reasoning.join('')),
    includeUsage,
  };
}

/** A whole `generateContent` reply: one candidate holding the text, and its usage. */
function unaryGeminiReply(text: string, inputTokens: number, outputTokens: number): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: {
      promptTokenCount: inputTokens,
      candidatesTokenCount: outputTokens,
      totalTokenCount: inputTokens + outputTokens,
    },
  };
}

/**
 * The frames up to the one carrying `ENDLESS_PIECE`, then that one again and
 * again, as fast as the client reads, until it goes away.
 */
async function repeatForever(response: ServerResponse, frames: readonly string[]): Promise<void> {
  const at = frames.findIndex((frame) => frame.includes(ENDLESS_PIECE));
  const closed = new Promise<void>((resolve) => response.once('close', () => resolve()));
  const drained = () => new Promise<void>((resolve) => response.once('drain', () => resolve()));
  for (const frame of frames.slice(0, at)) response.write(frame);
  while (!response.destroyed) {
    if (!response.write(frames[at])) await Promise.race([drained(), closed]);
  }
}

export async function startMockLlm(options: MockLlmOptions = {}): Promise<MockLlm> {
  const requests: RecordedRequest[] = [];
  const stopping = new AbortController();
  const slowDelayMs = options.slowDelayMs ?? 250;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://mock');
    const body = request.method === 'POST' ? await readBody(request) : '';
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: headersOf(request),
      body,
    };
    requests.push(recorded);
    const cors = corsHeaders(request);
    const target = route(url.pathname);

    if (request.method === 'GET' && (url.pathname === '/' || url.pathname === '/health')) {
      sendJson(response, 200, { ok: true, behaviours: BEHAVIOURS }, cors);
      return;
    }
    // For end-to-end tests in another process: what the server has received so far.
    if (request.method === 'GET' && url.pathname === '/__requests') {
      sendJson(
        response,
        200,
        requests.filter((r) => r.url !== '/__requests'),
        cors,
      );
      return;
    }
    if (!target) {
      sendJson(response, 404, { error: { message: `no such endpoint: ${url.pathname}` } }, cors);
      return;
    }
    recorded.family = target.family;
    const protocol = PROTOCOLS[target.family];

    if (request.method === 'OPTIONS') {
      const headers: Record<string, string> = {
        ...cors,
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': protocol.allowHeaders.join(', '),
        'access-control-max-age': '600',
      };
      // Chromium asks before a public page may call a server on this machine.
      if (request.headers['access-control-request-private-network'] === 'true') {
        headers['access-control-allow-private-network'] = 'true';
      }
      response.writeHead(204, headers);
      response.end();
      return;
    }
    if (request.method !== 'POST') {
      sendJson(response, 405, { error: { message: 'use POST' } }, cors);
      return;
    }

    let json: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('not an object');
      json = parsed as Record<string, unknown>;
    } catch {
      sendJson(response, 400, { error: { message: 'the request body is not a JSON object' } }, cors);
      return;
    }
    const { model, prompt } = target.counts
      ? { model: countModel(json, target.pathModel), prompt: '' }
      : readRequest(target.family, json, target.pathModel);
    const scenario = scenarioOf(model);
    recorded.model = model;
    recorded.behaviour = scenario.behaviour;

    // Anthropic refuses browser calls that do not opt in with this header.
    if (
      target.family === 'anthropic' &&
      request.headers.origin &&
      request.headers['anthropic-dangerous-direct-browser-access'] !== 'true'
    ) {
      const reply = {
        type: 'error',
        error: {
          type: 'authentication_error',
          message: "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
        },
      };
      sendJson(response, 401, reply, cors);
      return;
    }
    if (
      target.family === 'gemini' &&
      !target.counts &&
      !target.unary &&
      url.searchParams.get('alt') !== 'sse'
    ) {
      sendJson(
        response,
        400,
        { error: { code: 400, message: 'the mock streams only with alt=sse', status: 'INVALID_ARGUMENT' } },
        cors,
      );
      return;
    }

    if (scenario.behaviour === 'no-answer') return; // the socket stays open until the client gives up
    const sentKey = String(
      request.headers.authorization?.replace(/^Bearer\s+/i, '') ??
        request.headers['x-api-key'] ??
        request.headers['x-goog-api-key'] ??
        '(none)',
    );
    if (scenario.behaviour === 'echo-key') {
      // Some services quote the refused key in full: the client must never show it.
      const message = `Incorrect API key provided: ${sentKey}.`;
      sendJson(
        response,
        401,
        { error: { message, type: 'invalid_request_error', code: 'invalid_api_key' } },
        cors,
      );
      return;
    }
    const overflowing =
      !target.counts && scenario.windowTokens !== undefined && tokenEstimate(prompt) > scenario.windowTokens;
    if (ERROR_CASES.has(scenario.behaviour) || overflowing) {
      const reply = protocol.error(overflowing ? 'overflow' : (scenario.behaviour as ErrorCase));
      sendJson(response, reply.status, reply.body, { ...cors, ...reply.headers });
      return;
    }

    if (target.counts) {
      if (scenario.behaviour === 'slow')
        await sleep(scenario.delayMs ?? slowDelayMs, undefined, { signal: stopping.signal });
      sendJson(response, 200, countReply(target.family, mockCount(json)), cors);
      return;
    }

    if (target.unary) {
      // Gemini CLI compresses its history with a plain generateContent call.
      const whole = plan(model, prompt, scenario.behaviour, scenario.thinking, true, sentKey);
      const text = whole.text.join('');
      sendJson(response, 200, unaryGeminiReply(text, whole.inputTokens, whole.outputTokens), cors);
      return;
    }
    response.writeHead(200, { ...cors, 'content-type': protocol.contentType, 'cache-control': 'no-cache' });
    response.flushHeaders();
    if (scenario.behaviour === 'silent-after-headers') return;

    const includeUsage =
      (json.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    const frames =
      scenario.behaviour === 'agent'
        ? agentFrames(target.family, json, model, includeUsage)
        : protocol.frames(plan(model, prompt, scenario.behaviour, scenario.thinking, includeUsage, sentKey));
    if (scenario.behaviour === 'endless') {
      await repeatForever(response, frames);
      return;
    }
    const delayMs = scenario.behaviour === 'slow' ? (scenario.delayMs ?? slowDelayMs) : 0;
    for (const frame of frames) {
      if (delayMs) await sleep(delayMs, undefined, { signal: stopping.signal });
      if (response.destroyed) return;
      response.write(frame);
    }
    response.end();
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (stopping.signal.aborted) return;
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } }, {});
      else response.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        stopping.abort();
        server.close(() => resolve());
        // Open streams (slow, silent, no-answer) would otherwise keep the server alive.
        server.closeAllConnections();
      }),
  };
}

function argValue(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(args: readonly string[]): Promise<void> {
  const port = Number(argValue(args, '--port') ?? 8787);
  const host = argValue(args, '--host') ?? '127.0.0.1';
  const slowDelayMs = argValue(args, '--slow-ms');
  const mock = await startMockLlm({ port, host, slowDelayMs: slowDelayMs ? Number(slowDelayMs) : undefined });
  console.log(`Mock LLM server listening on ${mock.url}`);
  console.log(`  OpenAI chat / Responses base URL: ${mock.url}/v1`);
  console.log(`  Anthropic, Gemini, Ollama base URL: ${mock.url}`);
  console.log(
    `  Scenarios by model name: ${BEHAVIOURS.join(', ')} (slow-<ms>, window-<tokens>; add "thinking" for reasoning)`,
  );
  const stop = () => {
    mock.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
