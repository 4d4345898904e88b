import { describe, expect, it } from 'vitest';
import { harnessParamProblem } from './paramProblems';

describe('a preset parameter typed on the page', () => {
  it('accepts what the rule allows', () => {
    expect(harnessParamProblem('mask-observations', 'keepObservations', 12)).toBeNull();
    expect(harnessParamProblem('gemini-cli', 'thresholdFraction', 1)).toBeNull();
    expect(harnessParamProblem('clear-tool-uses', 'trigger', 0)).toBeNull();
    expect(harnessParamProblem('clear-tool-uses', 'clearInputs', true)).toBeNull();
    expect(harnessParamProblem('opencode', 'protectedTools', ['skill', 'todo'])).toBeNull();
  });

  it('refuses a share of the window outside (0, 1], and 1 where it would keep everything', () => {
    expect(harnessParamProblem('gemini-cli', 'thresholdFraction', 7)).toBe(
      'A share of the window: above 0 and at most 1, like 0.5.',
    );
    expect(harnessParamProblem('codex', 'thresholdFraction', 0)).toBe(
      'A share of the window: above 0 and at most 1, like 0.5.',
    );
    expect(harnessParamProblem('gemini-cli', 'preserveFraction', 1)).toBe(
      'A share above 0 and below 1: 1 would keep everything.',
    );
  });

  it('refuses negative, fractional and huge counts, and masking that keeps no observation', () => {
    expect(harnessParamProblem('opencode', 'protect', -1)).toBe('Cannot be negative.');
    expect(harnessParamProblem('clear-tool-uses', 'keepToolUses', 2.5)).toBe('Must be a whole number.');
    expect(harnessParamProblem('mask-observations', 'keepObservations', 0)).toBe('Must be at least 1.');
    expect(harnessParamProblem('claude-code', 'autocompactBuffer', 1e9)).toBe('At most 100,000,000.');
    expect(harnessParamProblem('claude-code', 'autocompactBuffer', Number.NaN)).toBe('Must be a number.');
  });

  it('refuses a value of the wrong kind', () => {
    expect(harnessParamProblem('claude-code', 'microcompact', 1)).toBe('Must be on or off.');
    expect(harnessParamProblem('opencode', 'protectedTools', 'skill')).toBe('Must be a list of tool names.');
  });
});
