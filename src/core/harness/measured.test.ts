import { describe, expect, it } from 'vitest';
import { describeLabMeasured, labMeasured, labUnseenTokens } from './measured';

describe('labMeasured', () => {
  it("finds the lab's figure for an agent at exactly the version it ran", () => {
    expect(labMeasured('claude-code', '2.1.328')).toMatchObject({ systemTokens: 1_524, toolTokens: 7_064 });
    expect(labMeasured('codex', '0.169.0')).toMatchObject({ systemTokens: 4_079, toolTokens: 3_616 });
  });

  it('has none for another version, another agent or a file that names no version', () => {
    expect(labMeasured('claude-code', '2.1.327')).toBeUndefined();
    expect(labMeasured('pi', '2.1.328')).toBeUndefined();
    expect(labMeasured('codex', undefined)).toBeUndefined();
  });
});

describe('labUnseenTokens', () => {
  it('is the system prompt and tools together for a version the lab ran, and null for any other', () => {
    expect(labUnseenTokens('claude-code', '2.1.328')).toBe(8_588);
    expect(labUnseenTokens('codex', '0.171.0')).toBe(7_950);
    expect(labUnseenTokens('claude-code', '2.1.327')).toBeNull();
    expect(labUnseenTokens('claude-code', undefined)).toBeNull();
  });
});

describe('describeLabMeasured', () => {
  it('says the agent, the version, the total and its parts, and that the lab measured it', () => {
    expect(describeLabMeasured(labMeasured('claude-code', '2.1.328')!)).toBe(
      'Claude Code 2.1.328 sends 8,588 tokens of system prompt and tools (1,524 + 7,064, claude -p, 12 tools), measured by the lab',
    );
  });
});
