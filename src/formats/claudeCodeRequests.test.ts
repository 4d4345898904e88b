import { describe, expect, it } from 'vitest';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

/** A hand-made session in the shape Claude Code 2.1.328 writes: one prompt, its request recorded, one reply. */
const text = fixture('claude-code-requests.jsonl');

describe("Claude Code's record of its requests (api-request-shape, -blob, api-request, cost-state)", () => {
  const result = importTranscript(text, { fileName: 'claude-code-requests.jsonl' });

  it('the system prompt and the tool definitions open the context as system messages', () => {
    expect(result.messages.map((m) => [m.id, m.role])).toEqual([
      ['request-system', 'system'],
      ['request-tools', 'system'],
      ['u1', 'user'],
      ['a1', 'assistant'],
    ]);
    expect(result.messages[0]!.content).toBe(
      'You are Claude Code, a coding agent.\n\nAnswer briefly. Use the tools to read and edit files.',
    );
    expect(JSON.parse(result.messages[1]!.content).map((t: { name: string }) => t.name)).toEqual([
      'Read',
      'Edit',
    ]);
  });

  it('the reminder sent with the prompt counts in that prompt', () => {
    expect(result.messages[2]!.content).toBe(
      "<system-reminder>\nToday's date is 2026-12-07. The working directory is /p.\n</system-reminder>\n\nFix the failing test in src/add.ts.",
    );
  });

  it("the model and its 1M window come from the request's params and betas", () => {
    expect(result.usage).toMatchObject({ model: 'claude-sonnet-4-5-20250929', contextWindow: 1_000_000 });
  });

  it('the lines are read, not left out as unknown, and a note says what was taken', () => {
    const notes = result.issues.map((i) => i.message);
    expect(notes.filter((m) => m.includes('carry no message'))).toEqual([]);
    expect(notes).toContain(
      'Claude Code recorded the requests it sent (api-request lines): read the system prompt and the tool definitions as system messages, the reminders sent with 1 prompt, the model claude-sonnet-4-5-20250929',
    );
  });

  it('the recorded calls still point at their responses', () => {
    expect(
      result.history?.calls.map((c) => [c.atMessage, result.history!.messages[c.atMessage]!.id]),
    ).toEqual([[3, 'a1']]);
  });
});
