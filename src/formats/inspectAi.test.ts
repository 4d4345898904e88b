import { describe, expect, it } from 'vitest';
import { detectFormat, importTranscript } from './registry';
import { counts, fixture, importErrorOf, issueCodes } from './testSupport.node';

describe('Inspect AI eval logs', () => {
  it('imports the first sample, with a note naming how many samples the log holds', () => {
    const result = importTranscript(fixture('inspect-ai.json'), { fileName: 'log.json' });
    expect(result.format).toBe('inspect-ai');
    expect(result.detection).toEqual({
      format: 'inspect-ai',
      confidence: 0.98,
      reason: '"eval" with task and model, and 2 samples with messages',
    });
    expect(counts(result.messages)).toEqual({
      messages: 7,
      roles: { system: 1, user: 1, assistant: 3, tool: 2 },
      toolCalls: 2,
      pairedResults: 2,
      summaries: 0,
      withReasoning: 1,
      images: 0,
    });
    expect(issueCodes(result)).toEqual(['first-sample']);
    expect(result.issues[0]).toMatchObject({
      severity: 'info',
      message: 'The log holds 2 samples; the first (id fix-001, epoch 1) is shown',
    });
    expect(result.title).toBe('fix_parsers');
  });

  it('reads tool calls by function name with object arguments, reasoning parts, and a failed call as its error', () => {
    const { messages } = importTranscript(fixture('inspect-ai.json'));
    expect(messages[2]).toMatchObject({
      role: 'assistant',
      content: 'Let me look at the parser.',
      reasoning: 'I should read the parser before changing it.',
      toolCalls: [{ id: 'toolu_a1', name: 'bash', arguments: '{"cmd":"cat src/duration.py"}' }],
    });
    expect(messages[3]).toMatchObject({ role: 'tool', toolCallId: 'toolu_a1', toolName: 'bash' });
    expect(messages[5]).toMatchObject({
      role: 'tool',
      toolCallId: 'toolu_a2',
      content: 'Error: Command timed out before completing.',
    });
  });

  it("takes the last call's usage from the sample output: the whole prompt is total minus output", () => {
    const { usage } = importTranscript(fixture('inspect-ai.json'));
    expect(usage).toEqual({
      contextTokens: 2900,
      inputTokens: 220,
      cachedInputTokens: 2500,
      outputTokens: 48,
      totalTokens: 2948,
      model: 'claude-sonnet-4-20250514',
    });
  });

  it('refuses a log written without samples in one line that says so', () => {
    const log = JSON.stringify({
      version: 2,
      status: 'success',
      eval: { task: 't', model: 'm' },
      samples: [],
    });
    expect(detectFormat(log).confidence).toBe(0.5);
    const error = importErrorOf(() => importTranscript(log));
    expect(error.code).toBe('no-messages');
    expect(error.message).toContain('The eval log holds no samples');
  });

  it('does not claim a value with "samples" but no eval spec', () => {
    const lookalike = JSON.stringify({ samples: [{ messages: [{ role: 'user', content: 'hi' }] }] });
    expect(detectFormat(lookalike).format).not.toBe('inspect-ai');
  });
});
