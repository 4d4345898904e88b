import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answers,
  assistant,
  call,
  fails,
  filler,
  hangs,
  reactTurn,
  scripted,
  stallsAfter,
  storedTurn,
  sys,
  toolResult,
  user,
  withStoredHistory,
} from './__fixtures__/transcripts';
import { createCompactor, type Compactor, type Result } from './compactor';
import { CompactionAbortedError, NothingToCompactError } from './errors';
import { createEstimator, loadEstimator, type Estimator } from './estimate';
import { FileOps } from './fileOps';
import type { Message } from './message';
import { SUMMARIZER_SYSTEM_PROMPT } from './prompts';
import { prepare } from './prepare';
import {
  normalizeSettings,
  shouldCompact,
  summaryBudget,
  threshold,
  type Settings,
  type SettingsInput,
} from './settings';
import { SummarizerError, type Summarizer } from './summarizer';
import { summaryMessage } from './summaryEnvelope';

// The test settings: threshold 32000, keep 2000, summary budget 2000, turn prefix 1000.
const testSettings: SettingsInput = {
  enabled: true,
  maxContextTokens: 40000,
  reserveTokens: 8000,
  keepRecentTokens: 2000,
  stallTimeoutMs: 200,
};

let est: Estimator;
beforeAll(async () => {
  est = await loadEstimator('cl100k_base');
});

const compactor = (summarizer: Summarizer, settings: SettingsInput = testSettings): Compactor =>
  createCompactor(summarizer, est, settings)!;

const lastPrompt = (s: ReturnType<typeof scripted>) => s.requests[s.requests.length - 1].prompt;

describe('createCompactor', () => {
  it('returns null when compaction cannot run', () => {
    expect(createCompactor(null, est, testSettings)).toBeNull();
    expect(createCompactor(scripted(answers('x')), null, testSettings)).toBeNull();
    expect(createCompactor(scripted(answers('x')), est, { maxContextTokens: 0 })).toBeNull();
  });

  it('holds the normalized settings', () => {
    expect(
      compactor(scripted(answers('x')), { maxContextTokens: 20000, reserveTokens: 8000 }).settings
        .keepRecentTokens,
    ).toBe(3000);
  });
});

describe('compacting a single long turn (budget strategy, cl100k_base)', () => {
  it('compacts inside a single turn and more than halves the context', async () => {
    const result = await compactor(scripted(answers('## Goal\nbuild the deck'))).compact(reactTurn(40));
    expect(result.splitTurn).toBe(true);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore / 2);
    expect(result.messages[0].role).toBe('system');
    expect(result.messages[1].kind).toBe('summary');
    expect([result.messagesBefore, result.messagesAfter]).toEqual([82, 14]);
  });

  it('summarizes the prefix of a split turn separately', async () => {
    const summarizer = scripted(answers('## Original Request\nprefix'));
    const result = await compactor(summarizer).compact(reactTurn(12));
    expect(result.splitTurn).toBe(true);
    expect(summarizer.requests.map((r) => [r.part, r.maxTokens])).toEqual([['turn-prefix', 1000]]);
    expect(lastPrompt(summarizer)).toContain('PREFIX of a single turn');
    expect(result.summary).toContain(
      'No prior history.\n\n---\n\n**Turn Context (split turn):**\n\n## Original Request\nprefix',
    );
  });

  it('never leaves a tool result without its call in the kept tail', async () => {
    // Per turn length: whether it compacted, the tool results kept, and how many of them lost their call.
    const outcomes: [rounds: number, outcome: string, toolResultsKept: number, orphans: number][] = [];
    for (let rounds = 4; rounds <= 40; rounds += 4) {
      let result: Result;
      try {
        result = await compactor(scripted(answers('ok'))).compact(reactTurn(rounds));
      } catch (error) {
        expect(error).toBeInstanceOf(NothingToCompactError);
        outcomes.push([rounds, 'nothing to compact', 0, 0]);
        continue;
      }
      const seen = new Set<string>();
      let kept = 0;
      let orphans = 0;
      for (const m of result.messages) {
        for (const c of m.toolCalls ?? []) seen.add(c.id);
        if (m.role !== 'tool') continue;
        kept++;
        if (!seen.has(m.toolCallId!)) orphans++;
      }
      outcomes.push([rounds, result.splitTurn ? 'split turn' : 'compacted', kept, orphans]);
    }
    // Four rounds fit the budget; from eight on, the turn is split and its six newest results stay, each with its call.
    expect(outcomes).toEqual([
      [4, 'nothing to compact', 0, 0],
      ...[8, 12, 16, 20, 24, 28, 32, 36, 40].map((rounds) => [rounds, 'split turn', 6, 0]),
    ]);
  });

  it('keeps the retained tail within the keep-recent budget', async () => {
    const messages: Message[] = [sys('you are an agent'), user('research this')];
    for (let i = 0; i < 6; i++) {
      const c = call(`q${i}`, 'knowledge_search', { query: 'x' });
      messages.push(assistant('', [c]), toolResult(c, filler(600)));
    }
    const result = await compactor(scripted(answers('ok'))).compact(messages);
    expect(est.countMessages(result.messages.slice(2))).toBeLessThanOrEqual(2000);
  });

  it('leaves room for several more rounds', async () => {
    const result = await compactor(scripted(answers('summary line\n'.repeat(40)))).compact(reactTurn(40));
    const s = normalizeSettings(testSettings);
    expect(result.tokensAfter).toBeLessThan((threshold(s) * 2) / 3);
    expect(shouldCompact(s, result.tokensAfter)).toBe(false);
  });

  it('reports nothing to do for a second compaction, without calling the summarizer', async () => {
    const first = await compactor(scripted(answers('## Goal\nfirst'))).compact(reactTurn(40));
    const summarizer = scripted(answers('never'));
    await expect(compactor(summarizer).compact(first.messages)).rejects.toBeInstanceOf(NothingToCompactError);
    expect(summarizer.requests).toHaveLength(0);
  });

  it('leaves a small conversation alone', async () => {
    const summarizer = scripted(answers('never'));
    await expect(
      compactor(summarizer).compact([sys('sys'), user('hi'), assistant('hello')]),
    ).rejects.toBeInstanceOf(NothingToCompactError);
    expect(summarizer.requests).toHaveLength(0);
  });
});

describe('previous summaries', () => {
  it('updates the previous summary instead of summarizing it as conversation', async () => {
    const first = await compactor(scripted(answers('## Goal\nfirst pass'), answers('prefix one'))).compact(
      reactTurn(12),
    );
    const more = [...first.messages, ...reactTurn(10).slice(2)];
    const summarizer = scripted(answers('## Goal\nsecond pass'), answers('prefix two'));
    const second = await compactor(summarizer).compact(more);
    const historyPrompt = summarizer.requests.find((r) => r.part === 'history')!.prompt;
    expect(historyPrompt).toContain('<previous-summary>');
    expect(historyPrompt).toContain('first pass');
    const conversation = historyPrompt.slice(0, historyPrompt.indexOf('</conversation>'));
    expect(conversation).not.toContain('condensed into the summary below');
    expect(second.messages.filter((m) => m.kind === 'summary')).toHaveLength(1);
  });

  it('carries the previous summary through when only a turn prefix is new', async () => {
    const summarizer = scripted(answers('## Original Request\nprefix'));
    const messages = [sys('sys'), summaryMessage('## Goal\nearlier work'), ...reactTurn(12).slice(1)];
    const result = await compactor(summarizer).compact(messages);
    expect(result.summary.startsWith('## Goal\nearlier work\n\n---\n\n**Turn Context (split turn):**')).toBe(
      true,
    );
  });
});

describe('system messages (chars4)', () => {
  const chars4 = createEstimator('chars4', () => 0);
  const settings = { maxContextTokens: 100000, keepRecentTokens: 200, stallTimeoutMs: 1000 };
  // 100 tokens for each user and assistant message; the system messages are small.
  const transcript = (): Message[] => [
    sys('You are a coding agent.'),
    sys('Developer: answer in French.'),
    user('u'.repeat(400)),
    assistant('a'.repeat(400)),
    sys('From now on, indent with tabs.'),
    user('v'.repeat(400)),
    assistant('b'.repeat(400)),
  ];

  it('keeps every system message before the cut, in order, before the summary', async () => {
    const messages = transcript();
    const summarizer = scripted(answers('## Goal\nx'));
    const result = await createCompactor(summarizer, chars4, settings)!.compact(messages);
    expect(result.messages.map((m) => m.content.slice(0, 30))).toEqual([
      'You are a coding agent.',
      'Developer: answer in French.',
      'From now on, indent with tabs.',
      result.messages[3].content.slice(0, 30),
      'v'.repeat(30),
      'b'.repeat(30),
    ]);
    expect(result.messages[3].kind).toBe('summary');
    expect(result.messages.filter((m) => m.role === 'system')).toEqual(
      messages.filter((m) => m.role === 'system'),
    );
  });

  it('starts the history after the system messages that open the conversation', () => {
    const prep = prepare(transcript(), settings, chars4)!;
    expect([prep.start, prep.firstKeptIdx]).toEqual([2, 5]);
    expect(prep.messagesToSummarize.map((m) => m.role)).toEqual(['user', 'assistant', 'system']);
  });
});

describe('summarizer failures', () => {
  it('rejects a summary that stopped on its length cap and archives instead', async () => {
    const atCap = async function* (request: { maxTokens: number }) {
      yield { type: 'text' as const, text: '## Goal\nhalf a sum' };
      yield { type: 'finish' as const, reason: 'length' };
      yield { type: 'usage' as const, usage: { promptTokens: 1000, completionTokens: request.maxTokens } };
    };
    const result = await compactor(scripted(atCap)).compact(reactTurn(40));
    expect(result.degraded).toBe(true);
    expect(result.summary).toContain('Raw conversation archive');
    expect(result.summary).not.toContain('half a sum');
    expect(result.failures[0]).toBe(
      'summarization failed after 2 attempts: the summary hit its token cap (finish reason "length") and is incomplete',
    );
  });

  it('names the context window, not the cap, when a length stop came before the cap', async () => {
    const result = await compactor(scripted(answers('## Goal\nhalf a sum', 'length'))).compact(reactTurn(40));
    expect(result.degraded).toBe(true);
    expect(result.failures[0]).toMatch(
      /^summarization failed after 2 attempts: the summary stopped at 50 of its [\d]+ tokens \(finish reason "length"\): the context window was full, not the cap reached, and it is incomplete$/,
    );
  });

  it('rejects a summary stopped for a content filter or safety reason and archives instead', async () => {
    for (const reason of ['content_filter', 'SAFETY', 'refusal']) {
      const result = await compactor(scripted(answers('## Goal\nhalf a sum', reason))).compact(reactTurn(40));
      expect(result.degraded).toBe(true);
      expect(result.summary).not.toContain('half a sum');
      expect(result.failures[0]).toBe(
        `summarization failed after 2 attempts: the provider stopped the summary for a content filter or safety reason (finish reason "${reason}")`,
      );
    }
  });

  it('rejects an empty summary', async () => {
    const result = await compactor(scripted(answers('   '))).compact(reactTurn(40));
    expect(result.degraded).toBe(true);
    expect(result.failures[0]).toBe(
      'summarization failed after 2 attempts: the summarizer returned an empty summary',
    );
  });

  it('falls back to a raw archive on errors and still shrinks the context', async () => {
    const summarizer = scripted(fails(new Error('boom')));
    const result = await compactor(summarizer).compact(reactTurn(40));
    expect(result.degraded).toBe(true);
    expect(result.tokensAfter).toBeLessThan(result.tokensBefore);
    expect(result.summary).toContain('Raw conversation archive (no summary could be written):');
    expect(summarizer.requests).toHaveLength(2); // two attempts for the turn prefix
  });

  it('keeps the archive within the summary budget', async () => {
    const result = await compactor(scripted(fails(new Error('boom')))).compact(reactTurn(40));
    const s = normalizeSettings(testSettings);
    const archive = result.summary.slice(result.summary.indexOf('Raw conversation archive'));
    expect(est.countString(archive.slice(0, archive.indexOf('\n\n<modified-files>')))).toBeLessThanOrEqual(
      summaryBudget(s),
    );
  });

  it('stops at once on authentication, quota and billing errors, without retry or archive', async () => {
    for (const kind of ['auth', 'quota', 'billing'] as const) {
      const error = new SummarizerError(kind, `${kind} problem`, { status: 401 });
      const summarizer = scripted(fails(error));
      await expect(compactor(summarizer).compact(reactTurn(40), { reason: 'overflow' })).rejects.toBe(error);
      expect(summarizer.requests).toHaveLength(1);
    }
  });

  it('stops at once when no server answered, without retry or archive', async () => {
    const error = new SummarizerError(
      'unreachable',
      'Could not reach http://127.0.0.1:9/v1/chat/completions',
    );
    const summarizer = scripted(fails(error));
    await expect(compactor(summarizer).compact(reactTurn(40))).rejects.toBe(error);
    expect(summarizer.requests).toHaveLength(1);
  });

  it('stops at once on an answer that would not end, without retry or archive', async () => {
    const error = new SummarizerError('too-long', "The provider's answer passed 400,000 characters");
    const summarizer = scripted(fails(error));
    await expect(compactor(summarizer).compact(reactTurn(40))).rejects.toBe(error);
    expect(summarizer.requests).toHaveLength(1);
  });

  it('retries a connection that broke mid-stream once and then archives', async () => {
    const summarizer = scripted(fails(new SummarizerError('network', 'the connection broke')));
    const result = await compactor(summarizer).compact(reactTurn(40));
    expect(summarizer.requests).toHaveLength(2);
    expect(result.degraded).toBe(true);
  });

  it('retries a rate limit once and then archives', async () => {
    const summarizer = scripted(fails(new SummarizerError('rate-limit', 'HTTP 429', { status: 429 })));
    const result = await compactor(summarizer).compact(reactTurn(40));
    expect(summarizer.requests).toHaveLength(2);
    expect(result.degraded).toBe(true);
  });
});

describe('stall timeout (200 ms)', () => {
  it('retries a request that never answers and uses the second answer', async () => {
    const summarizer = scripted(hangs, answers('COMPLETE_SUMMARY'));
    const started = Date.now();
    const result = await compactor(summarizer).compact(reactTurn(40));
    expect(summarizer.requests).toHaveLength(2);
    expect(result.degraded).toBe(false);
    expect(result.summary).toContain('COMPLETE_SUMMARY');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('degrades when every attempt hangs', async () => {
    const summarizer = scripted(hangs);
    const events: string[] = [];
    const result = await compactor(summarizer).compact(reactTurn(40), {
      onEvent: (e) => e.type === 'attempt-failed' && events.push(e.error),
    });
    expect(summarizer.requests).toHaveLength(2);
    expect(result.degraded).toBe(true);
    expect(events).toEqual([
      'summarization stalled: no output for 200 ms',
      'summarization stalled: no output for 200 ms',
    ]);
  });

  it('is not reset by chunks that carry no content', async () => {
    const summarizer = scripted(stallsAfter([{ type: 'response', model: 'm', responseId: 'r' }]));
    const result = await compactor(summarizer).compact(reactTurn(40));
    expect(result.degraded).toBe(true);
    expect(result.failures[0]).toContain('stalled');
  });

  it('is reset by streamed text, so a slow but steady stream completes', async () => {
    const slow = scripted(async function* () {
      for (let i = 0; i < 5; i++) {
        await new Promise((r) => setTimeout(r, 120));
        yield { type: 'text', text: `part ${i} ` };
      }
      yield { type: 'finish', reason: 'stop' };
    });
    const result = await compactor(slow).compact(reactTurn(40));
    expect(result.degraded).toBe(false);
    expect(result.summary).toContain('part 4');
  });

  it('reports a user abort as an abort after one call, not as a stall or an archive', async () => {
    const controller = new AbortController();
    const summarizer = scripted((request) => {
      setTimeout(() => controller.abort(), 20);
      return hangs(request);
    });
    const error = await compactor(summarizer, { ...testSettings, stallTimeoutMs: 5000 })
      .compact(reactTurn(40), { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompactionAbortedError);
    expect(String(error)).not.toContain('stalled');
    expect(summarizer.requests).toHaveLength(1);
    expect(summarizer.requests[0].signal.aborted).toBe(true);
  });
});

describe('summarization requests', () => {
  it('sends the transcript, then instructions last, with the budget as max tokens', async () => {
    const summarizer = scripted(answers('## Goal\nx'), answers('prefix'));
    const messages = withStoredHistory(reactTurn(12), storedTurn('turn-a', 1, '/workspace/a.txt'));
    await compactor(summarizer).compact(messages, { instructions: 'focus on the deck' });
    const history = summarizer.requests[0];
    expect([history.part, history.maxTokens, history.temperature]).toEqual(['history', 2000, 0.3]);
    expect(history.system).toBe(SUMMARIZER_SYSTEM_PROMPT);
    expect(history.prompt.startsWith('<conversation>\n[User]: question turn-a\n\n[Assistant]: some')).toBe(
      true,
    );
    expect(history.prompt.endsWith('\n\nAdditional focus: focus on the deck')).toBe(true);
    expect(summarizer.requests[1].prompt.endsWith('Additional focus: focus on the deck')).toBe(true);
  });

  it('appends the file lists, even when the summary names no paths', async () => {
    const result = await compactor(scripted(answers('prose without paths'))).compact(reactTurn(40));
    expect(result.summary).toContain('<modified-files>\n/workspace/out.html\n</modified-files>');
  });

  it('sums the usage of both calls and keeps the model and response id', async () => {
    const summarizer = scripted(async function* () {
      yield { type: 'response', model: 'gpt-test', responseId: 'resp_1' };
      yield { type: 'text', text: 'fine' };
      yield { type: 'usage', usage: { promptTokens: 100, completionTokens: 7 } };
    });
    const messages = withStoredHistory(reactTurn(12), storedTurn('turn-a', 1, '/workspace/a.txt'));
    const result = await compactor(summarizer).compact(messages);
    expect([result.usage, result.model, result.responseId]).toEqual([
      { promptTokens: 200, completionTokens: 14 },
      'gpt-test',
      'resp_1',
    ]);
  });
});

describe('checkpoints', () => {
  it('ends on the last stored turn and leaves out the turn prefix and its files', async () => {
    const messages = withStoredHistory(
      reactTurn(12),
      storedTurn('turn-a', 1, '/workspace/a.txt'),
      storedTurn('turn-b', 1, '/workspace/b.txt'),
    );
    const result = await compactor(scripted(answers('## Goal\nhistory'), answers('prefix'))).compact(
      messages,
    );
    expect(result.splitTurn).toBe(true);
    expect(result.checkpoint?.turnId).toBe('turn-b');
    expect(result.summary).toContain('Turn Context (split turn)');
    expect(result.checkpoint?.summary).toBe(
      '## Goal\nhistory\n\n<modified-files>\n/workspace/a.txt\n/workspace/b.txt\n</modified-files>',
    );
  });

  it('stops before a stored turn the cut splits', async () => {
    const live = [sys('sys'), user('next')];
    const messages = withStoredHistory(
      live,
      storedTurn('turn-a', 1, '/workspace/a.txt'),
      storedTurn('turn-b', 12, '/workspace/b.txt'),
    );
    const result = await compactor(scripted(answers('## Goal\nhistory'), answers('prefix'))).compact(
      messages,
    );
    expect(result.checkpoint?.turnId).toBe('turn-a');
    expect(result.checkpoint?.summary).not.toContain('b.txt');
  });

  it('has none when the history ends inside a stored turn', async () => {
    const read = call('r1', 'read_file', { path: '/workspace/big.txt' });
    const messages = [
      sys('sys'),
      user('question', 'turn-a'),
      assistant('', [read], 'turn-a'),
      toolResult(read, filler(800), 'turn-a'),
      user('steered: also check the footer', 'turn-a'),
      assistant('done', undefined, 'turn-a'),
      user('next'),
    ];
    const result = await compactor(scripted(answers('## Goal\nx'))).compact(messages);
    expect(result.splitTurn).toBe(false);
    expect(result.checkpoint).toBeNull();
  });

  it('has none for a live turn only', async () => {
    const result = await compactor(scripted(answers('x'), answers('y'))).compact(reactTurn(12));
    expect(result.checkpoint).toBeNull();
  });

  it('keeps a degraded summary as a checkpoint, marked degraded', async () => {
    const messages = withStoredHistory(
      reactTurn(12),
      storedTurn('turn-a', 1, '/workspace/a.txt'),
      storedTurn('turn-b', 1, '/workspace/b.txt'),
    );
    const result = await compactor(scripted(fails(new Error('down')))).compact(messages);
    expect(result.checkpoint?.degraded).toBe(true);
    expect(result.checkpoint?.summary).toContain('Raw conversation archive');
  });

  it('carries the loaded summary and its files forward', async () => {
    const old = new FileOps();
    old.addModified('/workspace/old.txt');
    const live = reactTurn(12);
    const messages = [
      live[0],
      summaryMessage(`## Goal\nearlier work${old.format()}`),
      ...storedTurn('turn-c', 1, '/workspace/c.txt'),
      ...live.slice(1),
    ];
    const summarizer = scripted(answers('## Goal\nmerged'), answers('prefix'));
    const result = await compactor(summarizer).compact(messages);
    expect(result.checkpoint?.turnId).toBe('turn-c');
    expect(summarizer.requests[0].prompt).toContain('<previous-summary>\n## Goal\nearlier work');
    expect(result.checkpoint?.summary).toContain('/workspace/old.txt');
    expect(result.checkpoint?.summary).toContain('/workspace/c.txt');
  });
});

describe('fitting the summarizer input to the window', () => {
  const settings = { ...testSettings, maxContextTokens: 20000, reserveTokens: 8000, keepRecentTokens: 2000 };
  // Only the oldest turn writes its own file, so the cap on tracked paths cannot hide it.
  const turns = Array.from({ length: 150 }, (_, i) =>
    storedTurn(
      `turn-${String(i).padStart(3, '0')}`,
      1,
      i === 0 ? '/workspace/first.txt' : '/workspace/other.txt',
    ),
  );
  const messages = withStoredHistory([sys('sys'), user('next')], ...turns);

  it('leaves the oldest messages out and says so in the prompt', async () => {
    const summarizer = scripted(answers('## Goal\nfitted'));
    const result = await compactor(summarizer, settings).compact(messages);
    expect(result.degraded).toBe(false);
    expect(result.omitted).toBe(243);
    // The cut splits turn-140, so the history ends on turn-139.
    expect([result.messages[2].content, result.splitTurn, result.checkpoint?.turnId]).toEqual([
      'answer turn-140',
      true,
      'turn-139',
    ]);
    const prompt = summarizer.requests[0].prompt;
    expect(est.countString(SUMMARIZER_SYSTEM_PROMPT) + est.countString(prompt) + 2000).toBeLessThanOrEqual(
      20000,
    );
    expect(prompt).toContain(`[${result.omitted} earlier messages are not shown`);
    expect(prompt).not.toContain('question turn-000');
    expect(prompt).toContain('question turn-062');
    expect(prompt).toContain('answer turn-139');
    expect(result.checkpoint?.summary).toContain('/workspace/first.txt');
  });

  it('leaves the input alone when it fits', async () => {
    const summarizer = scripted(answers('## Goal\nfits'));
    const result = await compactor(summarizer).compact(messages.slice(0, 40).concat(user('next')));
    expect(result.omitted).toBe(0);
    expect(summarizer.requests[0].prompt).not.toContain('earlier messages are not shown');
  });
});

describe('compaction properties over random transcripts (chars4)', () => {
  const chars4 = createEstimator('chars4', () => 0);
  const randomTranscript = fc
    .array(
      fc.tuple(
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 6000 }),
      ),
      {
        minLength: 1,
        maxLength: 10,
      },
    )
    .map((turns) => {
      const out: Message[] = [sys('sys')];
      turns.forEach(([userChars, rounds, resultChars], t) => {
        out.push(user('u'.repeat(userChars)));
        for (let r = 0; r < rounds; r++) {
          const c = call(`c${t}-${r}`, 'read', { path: `f${t}.ts` });
          out.push(assistant('a'.repeat(100), [c]), toolResult(c, 'r'.repeat(resultChars)));
        }
      });
      return out;
    });
  const strategy = fc.constantFrom<Settings['strategy']>('budget', 'pi', 'turns');

  it('prepare after apply returns null, and compacting twice leaves exactly one summary', async () => {
    await fc.assert(
      fc.asyncProperty(
        randomTranscript,
        fc.integer({ min: 500, max: 8000 }),
        strategy,
        async (messages, keep, strat) => {
          const settings = {
            maxContextTokens: 200000,
            keepRecentTokens: keep,
            strategy: strat,
            stallTimeoutMs: 1000,
          };
          const c = createCompactor(scripted(answers('## Goal\nx')), chars4, settings)!;
          let first: Result;
          try {
            first = await c.compact(messages);
          } catch (error) {
            return error instanceof NothingToCompactError;
          }
          const again = prepare(first.messages, settings, chars4);
          const more = [...first.messages, user('u'.repeat(4 * keep)), assistant('a'.repeat(4 * keep))];
          let twice = first.messages;
          try {
            twice = (await c.compact(more)).messages;
          } catch (error) {
            if (!(error instanceof NothingToCompactError)) throw error;
          }
          return (strat === 'pi' || again === null) && twice.filter((m) => m.kind === 'summary').length === 1;
        },
      ),
      { numRuns: 60 },
    );
  });
});
