import { describe, expect, it } from 'vitest';
import { harnessParamProblem, paramRule, ruleRange, thresholdProblem } from './paramProblems';
import { DEFAULT_HARNESS_PARAMS, explainHarness } from './params';

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

  it('refuses a percent above 100, on the page and from a link alike', () => {
    expect(harnessParamProblem('roo-code', 'autoCondenseContextPercent', 100)).toBeNull();
    expect(harnessParamProblem('roo-code', 'autoCondenseContextPercent', 1000)).toBe('At most 100.');
    expect(harnessParamProblem('kilo', 'thresholdPercent', 101)).toBe('At most 100.');
    expect(harnessParamProblem('langchain-summarization', 'triggerPercent', 150)).toBe('At most 100.');
    const { params, adjustments } = explainHarness({ 'roo-code': { autoCondenseContextPercent: 1000 } });
    expect(params['roo-code'].autoCondenseContextPercent).toBe(100);
    expect(adjustments).toEqual([
      {
        param: 'roo-code.autoCondenseContextPercent',
        from: 1000,
        to: 100,
        reason: 'lowered to 100, the largest this can be',
      },
    ]);
  });

  it('says what a rule allows, for a message', () => {
    expect(ruleRange(paramRule('roo-code', 'autoCondenseContextPercent'))).toBe('5 to 100');
    expect(ruleRange(paramRule('adk', 'tokenThreshold'))).toBe('1 to 100,000,000');
    expect(ruleRange(paramRule('gemini-cli', 'preserveFraction'))).toBe('above 0 and below 1');
  });

  it('refuses a value of the wrong kind', () => {
    expect(harnessParamProblem('claude-code', 'microcompact', 1)).toBe('Must be on or off.');
    expect(harnessParamProblem('opencode', 'protectedTools', 'skill')).toBe('Must be a list of tool names.');
  });
});

describe('a preset parameter that leaves no threshold', () => {
  const withBuffer = (autocompactBuffer: number) => ({
    ...DEFAULT_HARNESS_PARAMS,
    'claude-code': { ...DEFAULT_HARNESS_PARAMS['claude-code'], autocompactBuffer },
  });

  it("refuses Claude Code's buffer of 500,000 under a 200,000 window, with the formula", () => {
    expect(thresholdProblem('claude-code', withBuffer(500_000), 200_000)).toBe(
      'Leaves no threshold under the window of 200,000: 200,000 window − min(32,000 max output, 20,000 output cap) − 500,000 buffer = -320,000, and it must be at least 1.',
    );
  });

  it('accepts a buffer that leaves a threshold of 1, and any buffer without a window', () => {
    expect(thresholdProblem('claude-code', withBuffer(179_999), 200_000)).toBeNull();
    expect(thresholdProblem('claude-code', withBuffer(500_000), 0)).toBeNull();
  });

  it("refuses OpenCode's reply that takes the whole window", () => {
    const params = {
      ...DEFAULT_HARNESS_PARAMS,
      opencode: { ...DEFAULT_HARNESS_PARAMS.opencode, maxOutputTokens: 32_000 },
    };
    expect(thresholdProblem('opencode', params, 32_000)).toBe(
      'Leaves no threshold under the window of 32,000: 32,000 window − min(32,000 max output, 32,000 output cap) = 0, and it must be at least 1.',
    );
  });
});
