/**
 * A minimal agent loop that keeps its conversation inside the model's context
 * window with the playground's compaction core:
 *
 * - before each model call it checks the threshold and compacts when it is crossed;
 * - when the provider still refuses a request as too long (our estimate is an
 *   estimate; the provider counts with its own tokenizer), it compacts for the
 *   overflow and retries the call;
 * - it keeps the newest checkpoint, which is what an agent stores with its
 *   session so a restart starts from the summary instead of summarizing again.
 *
 * It runs against the local mock LLM server, whose `window-<tokens>` model
 * refuses any prompt larger than that window with OpenAI's overflow error:
 *
 *   npm run mock-llm                                            (in another terminal)
 *   npx tsx examples/agent-loop.ts http://127.0.0.1:8787             summaries written offline
 *   npx tsx examples/agent-loop.ts http://127.0.0.1:8787 --provider  summaries from the model
 *
 * The mock model calls no tools, so each task runs a scripted tool first (it
 * "reads" files), which grows the context as a real agent's tool results do.
 */
import {
  createCompactor,
  isOverflowError,
  loadEstimator,
  shouldCompact,
  type Checkpoint,
  type Message,
  type Reason,
  type SettingsInput,
} from 'compaction-playground/core';
import {
  createOfflineSummarizer,
  createProviderSummarizer,
  streamProviderEvents,
  type ProviderConfig,
} from 'compaction-playground/providers';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8787';
const summariesFromProvider = process.argv.includes('--provider');

/** The model the agent talks to: a 6,000-token window, as the provider counts. */
const MODEL: ProviderConfig = { kind: 'openai-compatible', baseUrl: `${baseUrl}/v1`, model: 'window-6000' };

/** The same window in the agent's settings; the reserve leaves room for the answer. */
const SETTINGS: SettingsInput = {
  maxContextTokens: 6000,
  reserveTokens: 500,
  keepRecentTokens: 1200,
  tokenizer: 'o200k_base',
};

const TASKS = [
  'Find where the retry delay is computed and explain it.',
  'Check the configuration loader for the same delay.',
  'Read the HTTP client and the scheduler that call it.',
  'Compare the two queue implementations.',
  'Summarize which modules need the new backoff.',
  'List the tests that cover the retry path.',
];

/**
 * What the scripted tool returns: a made-up source file. A file of deeply
 * indented comments is where estimates part: our tokenizer counts a run of
 * spaces as one token, the mock provider counts a token per four characters.
 */
function fakeFile(path: string, lines: number, commented: boolean): string {
  const body = Array.from({ length: lines }, (_, i) =>
    commented
      ? `                // The loader reads the environment before connecting (step ${i + 1}).`
      : `  retry_${i}: the request waits before attempt ${i + 1} and then tries again`,
  );
  return [`// ${path}`, 'export const notes = {', ...body, '};'].join('\n');
}

/**
 * One model call. A real agent sends its messages in its provider's format;
 * the providers entry point sends a system prompt and one user message, so
 * the conversation goes in as text.
 */
async function callModel(context: readonly Message[]): Promise<string> {
  const [system, ...rest] = context;
  const prompt = rest
    .map((m) =>
      m.role === 'tool'
        ? `tool ${m.toolName}: ${m.content}`
        : `${m.role}: ${m.content}${(m.toolCalls ?? []).map((c) => ` [calls ${c.name}(${c.arguments})]`).join('')}`,
    )
    .join('\n\n');
  let text = '';
  const call = { system: system.content, prompt, maxTokens: 500, temperature: 0.3 };
  for await (const event of streamProviderEvents(MODEL, call, { signal: AbortSignal.timeout(30_000) })) {
    if (event.type === 'text') text += event.delta;
    // Every failure arrives as an event; isOverflowError reads the provider's own words.
    if (event.type === 'error') throw Object.assign(new Error(event.message), event);
  }
  return text;
}

async function main(): Promise<void> {
  const estimator = await loadEstimator('o200k_base');
  const summarizer = summariesFromProvider
    ? createProviderSummarizer({ kind: 'openai-compatible', baseUrl: `${baseUrl}/v1`, model: 'mock' })
    : createOfflineSummarizer();
  const compactor = createCompactor(summarizer, estimator, SETTINGS);
  if (!compactor) throw new Error('compaction is off: the settings have no context window');
  console.log(`model ${MODEL.model} at ${MODEL.baseUrl}, summaries by ${summarizer.label}`);

  let context: Message[] = [
    { id: 'system', role: 'system', content: 'You are a careful coding agent. Answer briefly.' },
  ];
  // What the agent stores with its session: a restart loads the summary in place of everything up to its turn.
  const session: { checkpoint: Checkpoint | null } = { checkpoint: null };
  const compactions: Reason[] = [];
  let calls = 0;

  const compact = async (reason: Reason) => {
    const result = await compactor.compact(context, { reason });
    console.log(
      `  compacted (${reason}): ${result.tokensBefore} → ${result.tokensAfter} tokens, ` +
        `${result.messagesBefore} → ${result.messagesAfter} messages${result.degraded ? ', degraded' : ''}`,
    );
    context = result.messages;
    compactions.push(reason);
    if (result.checkpoint) session.checkpoint = result.checkpoint;
  };

  for (const [t, task] of TASKS.entries()) {
    const turnId = `turn-${t + 1}`;
    console.log(`${turnId}: ${task}`);
    context.push({ id: `${turnId}-user`, role: 'user', content: task, turnId });
    for (const [r, path] of [`src/retry/${t}.ts`, `src/queue/${t}.ts`].entries()) {
      const id = `${turnId}-call-${r}`;
      const args = JSON.stringify({ path });
      context.push({
        id: `${id}-request`,
        role: 'assistant',
        content: '',
        toolCalls: [{ id, name: 'read_file', arguments: args }],
        turnId,
      });
      const commented = t === 1 && r === 0;
      const output = fakeFile(path, commented ? 240 : 20 + 10 * ((t + r) % 3), commented);
      context.push({ id, role: 'tool', content: output, toolCallId: id, toolName: 'read_file', turnId });
    }

    // Before the call: compact when the context has crossed the threshold.
    const tokens = estimator.countMessages(context);
    if (shouldCompact(compactor.settings, tokens)) await compact('threshold');

    let answer: string;
    try {
      calls++;
      answer = await callModel(context);
    } catch (error) {
      if (!isOverflowError(error)) throw error;
      // The provider counted more than we estimated: compact for the overflow and retry once.
      console.log(`  the provider refused ${estimator.countMessages(context)} tokens as too long`);
      await compact('overflow');
      calls++;
      answer = await callModel(context);
    }
    context.push({ id: `${turnId}-answer`, role: 'assistant', content: answer, turnId });
    console.log(`  answered; context now ${estimator.countMessages(context)} tokens`);
  }

  const kept = session.checkpoint;
  const count = (reason: Reason) => compactions.filter((r) => r === reason).length;
  console.log(
    `done: ${TASKS.length} tasks, ${calls} model calls, ${compactions.length} compactions ` +
      `(threshold ${count('threshold')}, overflow ${count('overflow')}), ` +
      (kept ? `checkpoint on ${kept.turnId} (${kept.summary.length} characters)` : 'no checkpoint'),
  );
}

await main();
