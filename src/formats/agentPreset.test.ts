import { describe, expect, it } from 'vitest';
import { STRATEGIES } from '../core/settings';
import { FORMATS, agentOf } from './types';

describe("each format's agent and the preset its files get", () => {
  it('every format either names its agent and preset or says it has none', () => {
    expect(
      Object.fromEntries(FORMATS.map((f) => [f.id, f.agent && `${f.agent.name} → ${f.agent.strategy}`])),
    ).toEqual({
      'claude-code': 'Claude Code → claude-code',
      codex: 'Codex → codex',
      pi: 'pi → pi',
      opencode: 'OpenCode → opencode',
      'gemini-cli': 'Gemini CLI → gemini-cli',
      'qwen-code': null,
      'copilot-cli': null,
      cline: 'Cline → cline',
      goose: 'Goose → goose',
      aider: null,
      'openai-chat': null,
      'openai-responses': null,
      anthropic: null,
      gemini: null,
      langchain: null,
      otel: null,
      'inspect-ai': null,
      'swe-agent': null,
      canonical: null,
      text: null,
    });
  });

  it('every named preset is a strategy the settings know', () => {
    for (const f of FORMATS) if (f.agent) expect(STRATEGIES).toContain(f.agent.strategy);
  });

  it('agentOf reads the same table', () => {
    expect(agentOf('codex')).toEqual({ name: 'Codex', strategy: 'codex' });
    expect(agentOf('openai-chat')).toBeNull();
    expect(agentOf('text')).toBeNull();
  });
});
