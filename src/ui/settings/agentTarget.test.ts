import { describe, expect, it } from 'vitest';
import { fileTarget, targetInForce } from './agentTarget';

describe('the agent "Use in your agent" writes for', () => {
  it("is the loaded file's own agent", () => {
    expect(targetInForce(null, 'pi')).toBe('pi');
    expect(targetInForce(null, 'codex')).toBe('codex');
    expect(targetInForce(null, 'claude-code')).toBe('claude-code');
  });

  it('follows a new file of another agent, over a pick made for the file before', () => {
    expect(targetInForce({ id: 'claude-code', format: 'claude-code' }, 'pi')).toBe('pi');
    expect(targetInForce({ id: 'pi', format: 'pi' }, 'codex')).toBe('codex');
  });

  it('keeps the pick made while this file was loaded', () => {
    expect(targetInForce({ id: 'letta', format: 'codex' }, 'codex')).toBe('letta');
  });

  it('keeps the last pick, else the first target, for a file no agent writes', () => {
    expect(targetInForce({ id: 'pi', format: 'codex' }, 'openai-chat')).toBe('pi');
    expect(targetInForce(null, 'openai-chat')).toBe('claude-code');
    expect(targetInForce(null, null)).toBe('claude-code');
  });

  it('names no target for a format whose agent has no writer of its own', () => {
    expect(fileTarget('goose')).toBeNull();
    expect(fileTarget('text')).toBeNull();
    expect(fileTarget('gemini-cli')).toBe('gemini-cli');
  });
});
