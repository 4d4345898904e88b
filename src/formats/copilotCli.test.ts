/**
 * Copilot CLI's events that change what the model gets: an applied
 * compaction (`session.compaction_complete`), a truncation
 * (`session.truncation`), and the usage of each call
 * (`session.usage_record`), on small sessions written here.
 */
import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';

let id = 0;
const event = (type: string, data: object) =>
  JSON.stringify({ type, data, id: `e${++id}`, timestamp: '2026-12-07T00:00:00.000Z', parentId: null });

const start = event('session.start', {
  sessionId: 's',
  version: 1,
  producer: 'copilot-agent',
  copilotVersion: '1.0.102',
  selectedModel: 'gpt-5-mini',
});
const prompt = (content: string) => event('user.message', { content, transformedContent: `<t/>${content}` });
const system = event('system.message', { role: 'system', content: 'You are the Copilot CLI.' });
const reply = (content: string, call?: string) =>
  event('assistant.message', {
    content,
    toolRequests: call ? [{ toolCallId: call, name: 'bash', arguments: { command: 'ls' } }] : [],
  });
const result = (call: string, content: string) =>
  event('tool.execution_complete', { toolCallId: call, success: true, result: { content } });
const usage = (inputTokens: number, outputTokens: number) =>
  event('session.usage_record', { usage: { model: 'gpt-5-mini', inputTokens, outputTokens } });

const turn = [
  start,
  prompt('List the files'),
  system,
  usage(1_000, 10),
  reply('Listing.', 'c1'),
  result('c1', 'a.js b.js'),
  usage(1_100, 12),
  reply('Two files.'),
];

const contextOf = (lines: string[]) =>
  importTranscript(lines.join('\n')).messages.map(
    (m) => `${m.role}${m.kind ? `/${m.kind}` : ''}: ${m.content}`,
  );

describe('Copilot CLI events', () => {
  it('sends the system prompt first, though the file writes it after the first prompt', () => {
    expect(contextOf(turn)).toEqual([
      'system: You are the Copilot CLI.',
      'user: <t/>List the files',
      'assistant: Listing.',
      'tool: a.js b.js',
      'assistant: Two files.',
    ]);
  });

  it('gives each reply the usage recorded just before it, and the file the newest', () => {
    const imported = importTranscript(turn.join('\n'));
    expect(imported.history!.calls.map((c) => [c.atMessage, c.contextTokens, c.outputTokens])).toEqual([
      [2, 1_000, 10],
      [4, 1_100, 12],
    ]);
    expect(imported.usage).toEqual({
      contextTokens: 1_100,
      outputTokens: 12,
      model: 'gpt-5-mini',
      agentVersion: '1.0.102',
    });
  });

  it("a sub-agent's usage record is not the usage of the main reply after it", () => {
    const subAgent = event('session.usage_record', {
      usage: { model: 'gpt-5-mini', inputTokens: 400, outputTokens: 5, initiator: 'sub-agent' },
    });
    const lines = [...turn.slice(0, 6), subAgent, reply('Two files.')];
    expect(importTranscript(lines.join('\n')).history!.calls.map((c) => c.contextTokens)).toEqual([1_000]);
  });

  it('a truncation drops the oldest messages after the system prompt and writes nothing in their place', () => {
    const lines = [
      ...turn,
      event('session.truncation', {
        tokenLimit: 2_000,
        preTruncationTokensInMessages: 1_900,
        preTruncationMessagesLength: 5,
        postTruncationTokensInMessages: 700,
        postTruncationMessagesLength: 3,
        tokensRemovedDuringTruncation: 1_200,
        messagesRemovedDuringTruncation: 2,
        performedBy: 'BasicTruncator',
      }),
      prompt('And now?'),
    ];
    expect(contextOf(lines)).toEqual([
      'system: You are the Copilot CLI.',
      'tool: a.js b.js',
      'assistant: Two files.',
      'user: <t/>And now?',
    ]);
    const history = importTranscript(lines.join('\n')).history!;
    expect(history.compactions).toEqual([
      {
        // The history keeps the file's order (the prompt before the system prompt); the next prompt follows it.
        atMessage: 5,
        contextAfter: [1, 3, 4],
        trigger: 'auto',
        tokensBefore: 1_900,
        tokensAfter: 700,
        source: 'session.truncation',
        line: 9,
      },
    ]);
  });

  it('a truncation or compaction whose message count is not a whole number of 0 or more changes nothing', () => {
    const lines = [
      ...turn,
      event('session.truncation', { messagesRemovedDuringTruncation: -2 }),
      event('session.compaction_complete', {
        success: true,
        outcome: 'applied',
        preCompactionMessagesLength: 2.5,
        summaryContent: 'Listed two files.',
      }),
    ];
    expect(contextOf(lines)).toEqual(contextOf(turn));
    expect(importTranscript(lines.join('\n')).history!.compactions).toEqual([]);
  });

  it('a cancelled compaction changes nothing the model gets', () => {
    const lines = [
      ...turn,
      event('session.compaction_complete', {
        success: true,
        outcome: 'cancelled',
        preCompactionMessagesLength: 5,
        summaryContent: 'Listed two files.',
      }),
    ];
    expect(contextOf(lines)).toEqual(contextOf(turn));
    expect(importTranscript(lines.join('\n')).history!.compactions).toEqual([]);
  });

  it("an applied compaction puts the user's prompts and the summary in place of the messages it had, and keeps the rest", () => {
    const lines = [
      ...turn.slice(0, 6),
      // Written while the summary was made: kept after it.
      usage(1_100, 12),
      reply('Two files.'),
      event('session.compaction_complete', {
        success: true,
        outcome: 'applied',
        trigger: 'threshold',
        preCompactionMessagesLength: 4,
        preCompactionTokens: 1_800,
        postCompactionTokens: 400,
        summaryContent: 'Listed two files.',
      }),
    ];
    expect(contextOf(lines)).toEqual([
      'system: You are the Copilot CLI.',
      'user/summary: Some of the conversation history has been summarized to free up context.\n\n' +
        'You were originally given instructions from a user over one or more turns. Here were the user messages:\n' +
        '<user_message>\nList the files\n</user_message>\n\n' +
        'Here is a summary of the prior context:\n<summary>\nListed two files.\n</summary>\n',
      'assistant: Two files.',
    ]);
    expect(importTranscript(lines.join('\n')).history!.compactions).toMatchObject([
      { trigger: 'auto', tokensBefore: 1_800, tokensAfter: 400, source: 'session.compaction_complete' },
    ]);
  });
});
