import { describe, expect, it } from 'vitest';
import { detectFormat, importTranscript } from './registry';
import { counts, fixture, issueCodes } from './testSupport.node';

describe('SWE-agent trajectories', () => {
  it('imports the history as recorded: demonstration kept, tool results paired through tool_call_ids', () => {
    const result = importTranscript(fixture('swe-agent.traj'), { fileName: 'units-1.traj' });
    expect(result.format).toBe('swe-agent');
    expect(result.detection).toEqual({
      format: 'swe-agent',
      confidence: 0.97,
      reason: '"history" of role messages with agent fields and "trajectory" steps',
    });
    expect(counts(result.messages)).toEqual({
      messages: 9,
      roles: { system: 1, user: 2, assistant: 3, tool: 3 },
      toolCalls: 3,
      pairedResults: 3,
      summaries: 0,
      withReasoning: 1,
      images: 0,
    });
    expect(issueCodes(result)).toEqual(['demonstration']);
    expect(result.title).toBe('exit: submitted');
    expect(result.messages[6].content).toBe(
      '[File: /repo/src/units.py (120 lines total)]\n40:def to_seconds(value, unit):\n41:    return value * FACTORS[unit]',
    );
    expect(result.messages[5].reasoning).toBe('The factor table is near line 40.');
  });

  it('rebuilds a file without history from its trajectory steps, with a note', () => {
    const traj = JSON.parse(fixture('swe-agent.traj')) as Record<string, unknown>;
    delete traj.history;
    const result = importTranscript(JSON.stringify(traj));
    expect(result.format).toBe('swe-agent');
    expect(result.detection.confidence).toBe(0.85);
    expect(result.messages.map((m) => m.role)).toEqual([
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(issueCodes(result)).toEqual(['rebuilt-from-steps']);
  });

  it("keeps only the first agent's entries: SWE-agent sends an agent only its own", () => {
    const traj = JSON.parse(fixture('swe-agent.traj')) as { history: Record<string, unknown>[] };
    traj.history.push({ role: 'user', content: 'Review the patch.', agent: 'reviewer' });
    const result = importTranscript(JSON.stringify(traj));
    expect(result.messages).toHaveLength(9);
    expect(issueCodes(result)).toEqual(['other-agent', 'demonstration']);
    expect(result.issues[0].message).toBe(
      '1 history entry of other agents was left out: SWE-agent sends "main" only its own',
    );
  });

  it('bids low on a bare history of role messages without SWE-agent fields', () => {
    const bare = JSON.stringify({
      history: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ],
    });
    expect(detectFormat(bare)).toEqual({
      format: 'swe-agent',
      confidence: 0.4,
      reason: '"history" of role messages without SWE-agent\'s trajectory or agent fields',
    });
  });
});
