import { afterEach, describe, expect, it } from 'vitest';
import { run } from './testSupport.node';

describe('compaction-playground config', () => {
  const saved = process.env.ANTHROPIC_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
    else process.env.ANTHROPIC_API_KEY = saved;
  });

  it('prints the text to paste on stdout, and where it goes and what differs on stderr', async () => {
    const r = await run(['config', '--harness', 'codex', '--window', '200_000', '--reserve', '10000']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('model_context_window = 200000\nmodel_auto_compact_token_limit = 190000\n');
    expect(r.err).toBe(
      'compaction-playground: for ~/.codex/config.toml\n' +
        '  note: Codex never compacts later than 0.9 of the window: it fires at 180,000, not the tuned 190,000\n' +
        '  note: keep-recent (20,000) has no setting: Codex summarizes everything and puts back up to 20,000 tokens of your recent prompts\n',
    );
  });

  it('gives {harness, file, format, text, notes} with --json, the preset parameters applied', async () => {
    const r = await run([
      'config',
      '--harness',
      'gemini-cli',
      '--window',
      '1000000',
      '--strategy',
      'gemini-cli',
      '--threshold-fraction',
      '0.7',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      harness: 'gemini-cli',
      file: '~/.gemini/settings.json',
      format: 'json',
      text: '{\n  "model": {\n    "compressionThreshold": 0.7\n  }\n}\n',
      notes: [
        "Gemini CLI measures a share of the model's own window; these numbers assume 1,000,000",
        'versions before its settings moved under "model" name it chatCompression.contextPercentageThreshold',
        'keep-recent (20,000) has no setting: Gemini CLI keeps the newest 0.3 of the history',
      ],
    });
  });

  it('writes the adk and letta presets’ own settings when they are the strategy', async () => {
    const adk = await run([
      'config',
      '--harness',
      'adk',
      '--strategy',
      'adk',
      '--token-threshold',
      '50000',
      '--event-retention',
      '8',
    ]);
    expect(adk.code).toBe(0);
    expect(adk.out).toContain('        token_threshold=50000,\n        event_retention_size=8,\n');
    const letta = await run([
      'config',
      '--harness',
      'letta',
      '--window',
      '100000',
      '--strategy',
      'letta',
      '--sliding-window-percentage',
      '0.5',
    ]);
    expect(letta.code).toBe(0);
    expect(letta.out).toBe(
      'agent = client.agents.create(\n    model=model,\n    context_window_limit=100000,\n' +
        '    compaction_settings={\n        "mode": "sliding_window",\n        "sliding_window_percentage": 0.5,\n    },\n)\n',
    );
    expect(letta.err).toContain(
      'note: Letta compacts once its count passes 0.9 of context_window_limit: 100,000 puts that at 90,000',
    );
  });

  it('takes the presets’ own names and parameters: cline, and langchain-summarization for LangChain', async () => {
    const cline = await run([
      'config',
      '--harness',
      'cline',
      '--strategy',
      'cline',
      '--preserve-recent',
      '30000',
    ]);
    expect(cline.code).toBe(0);
    expect(cline.out).toBe('{\n  "useAutoCondense": true\n}\n');
    expect(cline.err).toBe(
      "compaction-playground: for Cline's global settings\n" +
        "  note: Cline 4 has no setting for the point: it compacts at 0.9 of the model's input limit, 103,680 for a window of 128,000\n" +
        "  note: keep-recent (20,000) is compaction.preserveRecentTokens in the Cline SDK's options; the editor has no setting for it and keeps 30,000, never summarizing the newest prompt's turn\n",
    );
    const langchain = await run([
      'config',
      '--harness',
      'langchain-summarization',
      '--strategy',
      'langchain-summarization',
      '--trigger-tokens',
      '100_000',
      '--keep-last',
      '8',
      '--json',
    ]);
    expect(langchain.code).toBe(0);
    expect(JSON.parse(langchain.out)).toMatchObject({
      harness: 'langchain',
      format: 'python',
      text:
        'from langchain.agents.middleware import SummarizationMiddleware\n\n' +
        'summarization = SummarizationMiddleware(\n    model=summary_model,\n' +
        '    trigger=("tokens", 100000),\n    keep=("messages", 8),\n)\n',
    });
  });

  it('never prints a key from the environment', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-ant-api03-config-test-never-printed';
    for (const harness of ['claude-code', 'compactor', 'langchain']) {
      const r = await run(['config', '--harness', harness, '--json']);
      expect(r.code).toBe(0);
      expect(`${r.out}${r.err}`).not.toContain('sk-ant');
    }
  });

  it('refuses a missing or unknown agent, naming the ones it knows', async () => {
    const missing = await run(['config']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('config needs --harness (one of: claude-code | codex | opencode');
    const unknown = await run(['config', '--harness', 'aider']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("--harness: unknown agent 'aider'");
    expect(unknown.err).toContain('| langchain (or langchain-summarization) |');
    const file = await run(['config', 'session.jsonl', '--harness', 'pi']);
    expect(file.err).toBe("compaction-playground: config reads no file (got 'session.jsonl')\n");
  });

  it('refuses settings the playground refuses, in the same words', async () => {
    const r = await run(['config', '--harness', 'pi', '--window', 'lots']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^compaction-playground: --window/);
  });
});

describe('compaction-playground config refuses what no agent can be set to', () => {
  const refused = async (...args: string[]) => {
    const r = await run(['config', ...args]);
    return [r.code, r.out, r.err];
  };

  it('refuses a percent above 100, naming the option and its range', async () => {
    expect(
      await refused('--harness', 'roo-code', '--strategy', 'roo-code', '--condense-percent', '1000'),
    ).toEqual([
      2,
      '',
      'compaction-playground: --condense-percent: 1000 is out of range: roo-code takes 5 to 100 percent\n',
    ]);
    expect(await refused('--harness', 'kilo', '--threshold-percent', '101')).toEqual([
      2,
      '',
      'compaction-playground: --threshold-percent: 101 is out of range: kilo takes 0 to 100 percent\n',
    ]);
  });

  it('refuses a token threshold of 0', async () => {
    expect(await refused('--harness', 'langchain', '--token-threshold', '0')).toEqual([
      2,
      '',
      'compaction-playground: --token-threshold: 0 is out of range: adk takes 1 to 100,000,000 tokens\n',
    ]);
  });

  it('refuses a strategy with no threshold for an agent that needs one, instead of writing a limit of 0', async () => {
    expect(await refused('--harness', 'codex', '--strategy', 'mask-observations')).toEqual([
      2,
      '',
      'compaction-playground: --strategy mask-observations has no threshold to write (every call): choose a cut rule (budget, pi, turns) or a preset that compacts at a threshold\n',
    ]);
    // Its own agent can say it has none.
    const own = await run(['config', '--harness', 'langchain', '--strategy', 'langchain-summarization']);
    expect(own.code).toBe(0);
    expect(own.err).toContain('note: no trigger is set: the middleware never summarizes until one is');
  });

  it('says on stderr when a value it writes is not the one typed', async () => {
    const r = await run(['config', '--harness', 'pi', '--keep-recent', '30000']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({
      compaction: { enabled: true, reserveTokens: 16384, keepRecentTokens: 27904 },
    });
    expect(r.err.split('\n')[0]).toBe(
      'compaction-playground: written with --keep-recent 30,000 → 27,904: lowered to a quarter of window − reserve (128,000 − 16,384) / 4',
    );
    const json = await run(['config', '--harness', 'pi', '--keep-recent', '30000', '--json']);
    expect(JSON.parse(json.out).text).toContain('"keepRecentTokens": 27904');
    expect(json.err).toBe(`${r.err.split('\n')[0]}\n`);
  });
});
