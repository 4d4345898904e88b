import { describe, expect, it } from 'vitest';
import { normalizeSettings, type SettingsInput } from './settings';
import { CONFIG_TARGETS, agentConfig, configProblem, tunedThreshold } from './agentConfig';

/** Window 200,000, reserve 40,000: the budget rule compacts past 160,000. */
const TUNED: SettingsInput = {
  maxContextTokens: 200_000,
  reserveTokens: 40_000,
  keepRecentTokens: 20_000,
  maxSummaryTokens: 4_000,
};
const config = (harness: string, input: SettingsInput = TUNED) =>
  agentConfig(harness, normalizeSettings(input));

describe('agentConfig', () => {
  it('offers every agent the page and the command line list, in order', () => {
    expect(CONFIG_TARGETS.map((t) => t.id)).toEqual([
      'claude-code',
      'codex',
      'opencode',
      'gemini-cli',
      'roo-code',
      'kilo',
      'cline',
      'langchain',
      'adk',
      'letta',
      'pi',
      'compactor',
    ]);
  });

  it('takes the chosen preset’s own trigger as the tuned threshold', () => {
    expect(tunedThreshold(normalizeSettings(TUNED))).toBe(160_000);
    expect(tunedThreshold(normalizeSettings({ ...TUNED, strategy: 'gemini-cli' }))).toBe(100_000);
  });

  it('writes Claude Code’s override as the whole percent of its effective window at or below the threshold', () => {
    expect(config('claude-code')).toEqual({
      harness: 'claude-code',
      file: 'the environment (or "env" in ~/.claude/settings.json)',
      format: 'env',
      text: 'export CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=88\n',
      notes: [
        'Claude Code takes the window from the model; these numbers assume 200,000, of which 180,000 is its effective window',
        '88% compacts at 158,400, the closest whole percent at or below the tuned 160,000',
        'keep-recent (20,000) has no setting: Claude Code summarizes everything, then re-attaches recent files, todos and the plan',
      ],
    });
  });

  it('says so when the tuned threshold is above Claude Code’s own, which the override cannot raise', () => {
    const out = config('claude-code', { maxContextTokens: 200_000, reserveTokens: 16_384 });
    expect(out.text).toBe('# leave CLAUDE_AUTOCOMPACT_PCT_OVERRIDE unset\n');
    expect(out.notes[1]).toBe(
      'CLAUDE_AUTOCOMPACT_PCT_OVERRIDE can only lower the point: Claude Code already compacts at 167,000, below the tuned 183,616',
    );
  });

  it('writes Codex’s window and limit, and the 90% it never goes past', () => {
    expect(config('codex')).toMatchObject({
      file: '~/.codex/config.toml',
      format: 'toml',
      text: 'model_context_window = 200000\nmodel_auto_compact_token_limit = 160000\n',
      notes: [
        'keep-recent (20,000) has no setting: Codex summarizes everything and puts back up to 20,000 tokens of your recent prompts',
      ],
    });
    expect(config('codex', { ...TUNED, reserveTokens: 10_000 }).notes[0]).toBe(
      'Codex never compacts later than 0.9 of the window: it fires at 180,000, not the tuned 190,000',
    );
  });

  it('writes pi’s compaction block', () => {
    expect(config('pi')).toEqual({
      harness: 'pi',
      file: '~/.pi/agent/settings.json',
      format: 'json',
      text: '{\n  "compaction": {\n    "enabled": true,\n    "reserveTokens": 40000,\n    "keepRecentTokens": 20000\n  }\n}\n',
      notes: [
        "pi takes the window from the model's contextWindow; it compacts at window − reserveTokens",
        'the summary cap (4,000) has no setting: pi caps its summary at 80% of reserveTokens',
      ],
    });
    expect(config('pi', { ...TUNED, enabled: false }).text).toContain('"enabled": false');
  });

  it('writes OpenCode’s compaction block with its tail, prune as tuned (off unless set)', () => {
    expect(config('opencode')).toMatchObject({
      file: 'opencode.json',
      text:
        '{\n  "$schema": "https://opencode.ai/config.json",\n  "compaction": {\n    "auto": true,\n    "prune": false,\n' +
        '    "reserved": 40000,\n    "preserve_recent_tokens": 20000\n  }\n}\n',
      notes: [
        'OpenCode takes the window from the model and compacts at its input limit less "reserved" (40,000 here)',
        '"preserve_recent_tokens" is the budget of the verbatim tail: the newest turns that fit, and the end of the next one when it fits what is left',
        '"prune" is off unless set: set it to true to clear old tool output before summarizing',
      ],
    });
    const tuned = config('opencode', {
      ...TUNED,
      strategy: 'opencode',
      harness: { opencode: { prune: true, tailTurns: 2 } },
    });
    expect(tuned.text).toContain('"prune": true,\n    "reserved": 32000,\n    "tail_turns": 2,');
    expect(tuned.notes[1]).toBe(
      '"preserve_recent_tokens" is the budget of the verbatim tail: the newest turns that fit, at most 2 (tail_turns), and the end of the next one when it fits what is left',
    );
  });

  it('writes Gemini CLI’s compression threshold as a share of the window, rounded down', () => {
    expect(config('gemini-cli')).toMatchObject({
      text: '{\n  "model": {\n    "compressionThreshold": 0.8\n  }\n}\n',
      notes: [
        "Gemini CLI measures a share of the model's own window; these numbers assume 200,000",
        'versions before its settings moved under "model" name it chatCompression.contextPercentageThreshold',
        'keep-recent (20,000) has no setting: Gemini CLI keeps the newest 0.3 of the history',
      ],
    });
    const odd = config('gemini-cli', { ...TUNED, reserveTokens: 33_333 });
    expect(odd.text).toBe('{\n  "model": {\n    "compressionThreshold": 0.83\n  }\n}\n');
    expect(odd.notes[2]).toBe('0.83 fires at 166,000, the closest hundredth at or below the tuned 166,667');
  });

  it('writes Roo Code’s and Kilo Code’s auto-condense percent', () => {
    const roo = config('roo-code', { ...TUNED, reserveTokens: 33_333 });
    expect(roo.text).toBe('{\n  "autoCondenseContext": true,\n  "autoCondenseContextPercent": 83\n}\n');
    expect(roo.notes).toEqual([
      "Roo Code measures a percent of the model's own window; these numbers assume a window of 200,000",
      '83% fires at 166,000, the closest whole percent at or below the tuned 166,667',
      'keep-recent has no setting: Roo Code keeps its last few messages after the summary',
    ]);
    expect(config('kilo').text).toBe(
      '{\n  "autoCondenseContext": true,\n  "autoCondenseContextPercent": 80\n}\n',
    );
  });

  it('writes Cline’s auto-compact switch, and the model input limit that moves its point to the tuned one', () => {
    expect(config('cline')).toEqual({
      harness: 'cline',
      file: "Cline's global settings",
      format: 'json',
      text: '{\n  "useAutoCondense": true\n}\n',
      notes: [
        "Cline 4 has no setting for the point: it compacts at 0.9 of the model's input limit, 162,000 for a window of 200,000",
        // 177,777 × 0.9 = 159,999.3: reached at 160,000.
        "the closest it can: a maxInputTokens of 177777 in the model's settings moves the point to the tuned 160,000",
        "keep-recent (20,000) is compaction.preserveRecentTokens in the Cline SDK's options; the editor has no setting for it and keeps 20,000, never summarizing the newest prompt's turn",
      ],
    });
    // 190,000 is past 90% of the window, the latest Cline compacts at.
    expect(config('cline', { ...TUNED, reserveTokens: 10_000 }).notes[1]).toBe(
      'the tuned 190,000 is past the latest point Cline takes, 0.9 of the window (180,000)',
    );
  });

  it('says nothing of a moved point when the cline strategy was tuned, and names its own budget', () => {
    const own = config('cline', {
      maxContextTokens: 200_000,
      strategy: 'cline',
      harness: { cline: { preserveRecentTokens: 30_000 } },
    });
    expect(own.notes).toEqual([
      "Cline 4 has no setting for the point: it compacts at 0.9 of the model's input limit, 162,000 for a window of 200,000",
      "keep-recent (20,000) is compaction.preserveRecentTokens in the Cline SDK's options; the editor has no setting for it and keeps 30,000, never summarizing the newest prompt's turn",
    ]);
  });

  it('writes LangChain’s SummarizationMiddleware trigger and keep', () => {
    expect(config('langchain').text).toBe(
      'from langchain.agents.middleware import SummarizationMiddleware\n\n' +
        'summarization = SummarizationMiddleware(\n    model=summary_model,\n' +
        '    trigger=("tokens", 160000),\n    keep=("tokens", 20000),\n)\n',
    );
    expect(config('langchain').notes).toEqual([
      'LangChain counts only the messages in its state, about 4 characters a token: the system prompt and the tool definitions are not in that count',
      'the summary cap (4,000) has no option: set max_tokens on the summary model',
    ]);
  });

  it('answers to the preset’s id too, and writes the middleware’s own trigger and keep when it was tuned', () => {
    const tuned: SettingsInput = {
      maxContextTokens: 200_000,
      strategy: 'langchain-summarization',
      harness: {
        'langchain-summarization': { triggerTokens: 150_000, triggerPercent: 70, keepMessages: 12 },
      },
    };
    const out = config('langchain-summarization', tuned);
    expect([out.harness, out.text]).toEqual([
      'langchain',
      'from langchain.agents.middleware import SummarizationMiddleware\n\n' +
        'summarization = SummarizationMiddleware(\n    model=summary_model,\n' +
        '    trigger=[("tokens", 150000), ("fraction", 0.7)],\n    keep=("messages", 12),\n)\n',
    ]);
    const byTokens = config('langchain', {
      ...tuned,
      harness: { 'langchain-summarization': { triggerTokens: 90_000, keepTokens: 8_000 } },
    });
    expect(byTokens.text).toContain('    trigger=("tokens", 90000),\n    keep=("tokens", 8000),\n');
    // The library's defaults: no trigger, the newest 20 messages kept.
    const untuned = config('langchain', { maxContextTokens: 200_000, strategy: 'langchain-summarization' });
    expect(untuned.text).toBe(
      'from langchain.agents.middleware import SummarizationMiddleware\n\n' +
        'summarization = SummarizationMiddleware(\n    model=summary_model,\n    keep=("messages", 20),\n)\n',
    );
    expect(untuned.notes[0]).toBe('no trigger is set: the middleware never summarizes until one is');
  });

  it('writes ADK’s token pair, which it takes only together, with the event count it keeps', () => {
    expect(config('adk')).toMatchObject({
      text:
        'from google.adk.apps.app import App, EventsCompactionConfig\n\napp = App(\n    name="my_agent",\n' +
        '    root_agent=root_agent,\n    events_compaction_config=EventsCompactionConfig(\n' +
        '        compaction_interval=3,\n        overlap_size=1,\n        token_threshold=160000,\n' +
        '        event_retention_size=5,\n    ),\n)\n',
      notes: [
        "token_threshold is the prompt's own count, whatever the window; ADK compacts once the prompt reaches it",
        "keep-recent (20,000 tokens) has no token option: event_retention_size keeps the newest 5 events raw, a model reply or a turn's tool results each being one",
        'ADK 2.0 also asks for compaction_interval and overlap_size, its sliding window by invocation count: 3 and 1 are its documentation’s example, not tuned here',
      ],
    });
    // Tuned on the adk preset: its own threshold and retention.
    const own = config('adk', {
      ...TUNED,
      strategy: 'adk',
      harness: { adk: { tokenThreshold: 50_000, eventRetentionSize: 8 } },
    });
    expect(own.text).toContain('        token_threshold=50000,\n        event_retention_size=8,\n');
    expect(config('adk', { ...TUNED, maxContextTokens: 0 }).text).toBe('');
  });

  it('writes Letta’s limit so that its 90% is the tuned point, and the share its sliding window evicts', () => {
    expect(config('letta')).toMatchObject({
      text:
        'agent = client.agents.create(\n    model=model,\n    context_window_limit=177778,\n' +
        '    compaction_settings={\n        "mode": "sliding_window",\n        "sliding_window_percentage": 0.89,\n    },\n)\n',
      notes: [
        'Letta compacts once its count passes 0.9 of context_window_limit: 177,778 puts that at 160,000',
        'sliding_window_percentage 0.89: its first try evicts 0.89 + 0.1 of the messages by count, then 0.1 more until what is left is under 19,555 tokens',
        "context_window_limit is below the model's window (200,000): Letta takes it as the window, for its point and its sliding window alike",
      ],
    });
    // Tuned on the letta preset: the window itself, and its own share or mode.
    const own = config('letta', { ...TUNED, strategy: 'letta' });
    expect(own.text).toContain('context_window_limit=200000,');
    expect(own.text).toContain('"sliding_window_percentage": 0.3,');
    expect(own.notes[0]).toBe(
      'Letta compacts once its count passes 0.9 of context_window_limit: 200,000 puts that at 180,000',
    );
    const all = config('letta', { ...TUNED, strategy: 'letta', harness: { letta: { summarizeAll: true } } });
    expect(all.text).toBe(
      'agent = client.agents.create(\n    model=model,\n    context_window_limit=200000,\n' +
        '    compaction_settings={\n        "mode": "all",\n    },\n)\n',
    );
  });

  it('writes createCompactor’s options, with the chosen preset’s changed parameters', () => {
    expect(config('compactor').text).toBe(
      'const compactor = createCompactor(summarizer, estimator, {\n  maxContextTokens: 200000,\n' +
        "  reserveTokens: 40000,\n  keepRecentTokens: 20000,\n  maxSummaryTokens: 4000,\n  strategy: 'budget',\n});\n",
    );
    expect(
      config('compactor', {
        maxContextTokens: 200_000,
        strategy: 'codex',
        harness: { codex: { thresholdFraction: 0.8 } },
      }).text,
    ).toBe(
      'const compactor = createCompactor(summarizer, estimator, {\n  maxContextTokens: 200000,\n' +
        "  reserveTokens: 16384,\n  keepRecentTokens: 20000,\n  strategy: 'codex',\n" +
        '  harness: {"codex":{"thresholdFraction":0.8}},\n});\n',
    );
  });

  it('writes nothing for a window of 0, and says why', () => {
    expect(config('gemini-cli', { maxContextTokens: 0 })).toMatchObject({
      text: '',
      notes: ['no window is set (0): compaction is off in the playground, so nothing is written'],
    });
  });

  it('writes no LangChain trigger of 0 tokens when no window is set', () => {
    expect(config('langchain', { maxContextTokens: 0 })).toMatchObject({
      text: '',
      notes: ['no window is set (0): compaction is off in the playground, so nothing is written'],
    });
  });

  it('refuses an agent it does not know, naming the ones it does', () => {
    expect(() => config('aider')).toThrow(
      "unknown harness 'aider' (harnesses: claude-code, codex, opencode, gemini-cli, roo-code, kilo, cline, langchain, adk, letta, pi, compactor)",
    );
  });
});

describe('configProblem', () => {
  it('refuses a strategy with no threshold for an agent that needs one, and lets its own agent say so', () => {
    const masking = normalizeSettings({ strategy: 'mask-observations' });
    expect(configProblem('codex', masking)).toBe(
      'mask-observations has no threshold to write (every call): choose a cut rule (budget, pi, turns) or a preset that compacts at a threshold',
    );
    const langchain = normalizeSettings({ strategy: 'langchain-summarization' });
    expect(configProblem('langchain', langchain)).toBeNull();
    expect(configProblem('pi', langchain)).toMatch(/^langchain-summarization has no threshold to write/);
    expect(configProblem('codex', normalizeSettings({ strategy: 'budget' }))).toBeNull();
    expect(configProblem('codex', normalizeSettings({ strategy: 'codex' }))).toBeNull();
  });
});
