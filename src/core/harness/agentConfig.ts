/**
 * The tuned settings written in an agent's own configuration: Claude Code's
 * environment, Codex's `config.toml`, pi's and Gemini CLI's `settings.json`,
 * OpenCode's `opencode.json`, the Roo Code, Kilo Code and Cline settings, the
 * LangChain, Google ADK and Letta code, and our own `createCompactor`. Where
 * an agent cannot say what was tuned, the notes name the closest it can and
 * what differs. Only settings go in: nothing here can see a provider's key.
 * Setting names and their sources: `docs/harnesses.md`.
 */
import { formatCount } from '../numbers';
import { isCutStrategy, threshold, type Settings } from '../settings';
import { claudeCodeAutoCompact } from './autocompactOverride';
import { CLAUDE_CODE_OUTPUT_RESERVE_CAP } from './claude-code';
import { CLINE_TRIGGER_RATIO } from './cline';
import { LETTA_TRIGGER_MULTIPLIER } from './letta';
import { harnessDifferences } from './params';
import { shareOf } from './preset';
import { harnessTrigger } from './trigger';

const n = formatCount;

export interface AgentConfig {
  /** The target's id, as `config --harness` takes it. */
  harness: string;
  /** Where the text goes. */
  file: string;
  format: 'env' | 'toml' | 'json' | 'python' | 'typescript';
  text: string;
  /** What the agent cannot express, the closest it can, and what differs. */
  notes: string[];
}

/** The numbers every target writes from. */
export interface Tuned {
  window: number;
  reserve: number;
  keepRecent: number;
  maxSummary: number;
  /** The point the chosen strategy compacts at (its own trigger for a preset). */
  threshold: number;
  enabled: boolean;
  settings: Settings;
}

interface ConfigTarget {
  id: string;
  /** Other names `config --harness` takes for it: the id of the preset that models it, when that differs. */
  aliases?: string[];
  /** How the page names it. */
  agent: string;
  file: string;
  format: AgentConfig['format'];
  write(t: Tuned): { text: string; notes: string[] };
}

/** The tuned threshold: the chosen preset's own trigger, or window − reserve for a cut rule. */
export function tunedThreshold(s: Settings): number {
  if (isCutStrategy(s.strategy)) return threshold(s);
  return harnessTrigger(s.strategy, s.maxContextTokens, s.harness).threshold;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** `part / whole` as a fraction rounded down to two places, so the agent never fires later than tuned. */
function fractionBelow(part: number, whole: number): number {
  return Math.floor((part * 100) / whole + 1e-9) / 100;
}

/** `part / whole` as a whole percent, rounded down. */
function percentBelow(part: number, whole: number): number {
  return Math.floor((part * 100) / whole + 1e-9);
}

/** The largest `context_window_limit` whose 90% (Letta's point) is at most `threshold`. */
function lettaLimitFor(threshold: number): number {
  let limit = Math.floor(threshold / LETTA_TRIGGER_MULTIPLIER);
  while (shareOf(limit + 1, LETTA_TRIGGER_MULTIPLIER) <= threshold) limit++;
  while (limit > 1 && shareOf(limit, LETTA_TRIGGER_MULTIPLIER) > threshold) limit--;
  return limit;
}

const NO_WINDOW_NOTE = 'no window is set (0): compaction is off in the playground, so nothing is written';

function percentTarget(
  id: string,
  agent: string,
  file: string,
  write: (percent: number, t: Tuned) => Record<string, unknown>,
  kept: string,
): ConfigTarget {
  return {
    id,
    agent,
    file,
    format: 'json',
    write(t) {
      if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      const percent = Math.max(percentBelow(t.threshold, t.window), 1);
      const point = shareOf(t.window, percent / 100);
      const notes = [
        `${agent} measures a percent of the model's own window; these numbers assume a window of ${n(t.window)}`,
      ];
      if (point !== t.threshold)
        notes.push(
          `${percent}% fires at ${n(point)}, the closest whole percent at or below the tuned ${n(t.threshold)}`,
        );
      notes.push(kept);
      return { text: json(write(percent, t)), notes };
    },
  };
}

const TARGETS: readonly ConfigTarget[] = [
  {
    id: 'claude-code',
    agent: 'Claude Code',
    file: 'the environment (or "env" in ~/.claude/settings.json)',
    format: 'env',
    write(t) {
      if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      const params = t.settings.harness['claude-code'];
      const effective = t.window - Math.min(params.maxOutputTokens, CLAUDE_CODE_OUTPUT_RESERVE_CAP);
      const own = harnessTrigger('claude-code', t.window, t.settings.harness).threshold;
      const notes = [
        `Claude Code takes the window from the model; these numbers assume ${n(t.window)}, of which ${n(effective)} is its effective window`,
      ];
      const percent = percentBelow(t.threshold, effective);
      if (t.threshold >= own || percent < 1) {
        notes.push(
          t.threshold >= own
            ? `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE can only lower the point: Claude Code already compacts at ${n(own)}, below the tuned ${n(t.threshold)}`
            : `the tuned ${n(t.threshold)} is under 1% of the effective window, the lowest the override sets`,
        );
        return { text: '# leave CLAUDE_AUTOCOMPACT_PCT_OVERRIDE unset\n', notes };
      }
      const point = claudeCodeAutoCompact(t.window, String(percent), params).threshold;
      if (point !== t.threshold)
        notes.push(
          `${percent}% compacts at ${n(point)}, the closest whole percent at or below the tuned ${n(t.threshold)}`,
        );
      notes.push(
        `keep-recent (${n(t.keepRecent)}) has no setting: Claude Code summarizes everything, then re-attaches recent files, todos and the plan`,
      );
      return { text: `export CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=${percent}\n`, notes };
    },
  },
  {
    id: 'codex',
    agent: 'Codex CLI',
    file: '~/.codex/config.toml',
    format: 'toml',
    write(t) {
      if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      const params = { ...t.settings.harness.codex, autoCompactLimit: t.threshold };
      const point = harnessTrigger('codex', t.window, { ...t.settings.harness, codex: params }).threshold;
      const notes: string[] = [];
      if (point !== t.threshold)
        notes.push(
          `Codex never compacts later than ${params.thresholdFraction} of the window: it fires at ${n(point)}, not the tuned ${n(t.threshold)}`,
        );
      notes.push(
        `keep-recent (${n(t.keepRecent)}) has no setting: Codex summarizes everything and puts back up to ${n(t.settings.harness.codex.userMessageTokens)} tokens of your recent prompts`,
      );
      return {
        text: `model_context_window = ${t.window}\nmodel_auto_compact_token_limit = ${t.threshold}\n`,
        notes,
      };
    },
  },
  {
    id: 'pi',
    agent: 'pi',
    file: '~/.pi/agent/settings.json',
    format: 'json',
    write(t) {
      const reserve = t.window > 0 ? t.window - t.threshold : t.reserve;
      const notes = [
        `pi takes the window from the model's contextWindow; it compacts at window − reserveTokens`,
      ];
      if (t.maxSummary > 0)
        notes.push(
          `the summary cap (${n(t.maxSummary)}) has no setting: pi caps its summary at 80% of reserveTokens`,
        );
      return {
        text: json({
          compaction: { enabled: t.enabled, reserveTokens: reserve, keepRecentTokens: t.keepRecent },
        }),
        notes,
      };
    },
  },
  {
    id: 'opencode',
    agent: 'OpenCode',
    file: 'opencode.json',
    format: 'json',
    write(t) {
      const reserved = t.window > 0 ? t.window - t.threshold : t.reserve;
      const { prune, tailTurns } = t.settings.harness.opencode;
      const notes = [
        `OpenCode takes the window from the model and compacts at its input limit less "reserved" (${n(reserved)} here)`,
        `"preserve_recent_tokens" is the budget of the verbatim tail: the newest turns that fit${tailTurns > 0 ? `, at most ${tailTurns} (tail_turns)` : ''}, and the end of the next one when it fits what is left`,
      ];
      if (!prune)
        notes.push('"prune" is off unless set: set it to true to clear old tool output before summarizing');
      return {
        text: json({
          $schema: 'https://opencode.ai/config.json',
          compaction: {
            auto: t.enabled,
            prune,
            reserved,
            ...(tailTurns > 0 ? { tail_turns: tailTurns } : {}),
            preserve_recent_tokens: t.keepRecent,
          },
        }),
        notes,
      };
    },
  },
  {
    id: 'gemini-cli',
    agent: 'Gemini CLI',
    file: '~/.gemini/settings.json',
    format: 'json',
    write(t) {
      if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      const fraction = Math.max(fractionBelow(t.threshold, t.window), 0.01);
      const point = shareOf(t.window, fraction);
      const notes = [
        `Gemini CLI measures a share of the model's own window; these numbers assume ${n(t.window)}`,
        'versions before its settings moved under "model" name it chatCompression.contextPercentageThreshold',
      ];
      if (point !== t.threshold)
        notes.push(
          `${fraction} fires at ${n(point)}, the closest hundredth at or below the tuned ${n(t.threshold)}`,
        );
      notes.push(
        `keep-recent (${n(t.keepRecent)}) has no setting: Gemini CLI keeps the newest ${t.settings.harness['gemini-cli'].preserveFraction} of the history`,
      );
      return { text: json({ model: { compressionThreshold: fraction } }), notes };
    },
  },
  percentTarget(
    'roo-code',
    'Roo Code',
    'Roo Code settings (Settings › Context, or an exported settings file)',
    (percent, t) => ({ autoCondenseContext: t.enabled, autoCondenseContextPercent: percent }),
    'keep-recent has no setting: Roo Code keeps its last few messages after the summary',
  ),
  percentTarget(
    'kilo',
    'Kilo Code',
    'Kilo Code settings (Settings › Context, or an exported settings file)',
    (percent, t) => ({ autoCondenseContext: t.enabled, autoCondenseContextPercent: percent }),
    'keep-recent has no setting: Kilo Code keeps its last few messages after the summary',
  ),
  {
    id: 'cline',
    agent: 'Cline',
    file: "Cline's global settings",
    format: 'json',
    write(t) {
      if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      const params = t.settings.harness.cline;
      const own = harnessTrigger('cline', t.window, t.settings.harness).threshold;
      const notes = [
        `Cline 4 has no setting for the point: it compacts at ${CLINE_TRIGGER_RATIO} of the model's input limit, ${n(own)} for a window of ${n(t.window)}`,
      ];
      if (own !== t.threshold) {
        // The input limit a model entry may declare moves the point; Cline never takes one above the window.
        const limit = Math.floor(t.threshold / CLINE_TRIGGER_RATIO);
        const point = Math.ceil(Math.min(limit, t.window) * CLINE_TRIGGER_RATIO - 1e-6);
        notes.push(
          limit <= t.window && point === t.threshold
            ? `the closest it can: a maxInputTokens of ${limit} in the model's settings moves the point to the tuned ${n(t.threshold)}`
            : `the tuned ${n(t.threshold)} is past the latest point Cline takes, ${CLINE_TRIGGER_RATIO} of the window (${n(point)})`,
        );
      }
      notes.push(
        `keep-recent (${n(t.keepRecent)}) is compaction.preserveRecentTokens in the Cline SDK's options; the editor has no setting for it and keeps ${n(params.preserveRecentTokens)}, never summarizing the newest prompt's turn`,
      );
      return { text: json({ useAutoCondense: t.enabled }), notes };
    },
  },
  {
    id: 'langchain',
    aliases: ['langchain-summarization'],
    agent: 'LangChain',
    file: 'your agent (Python)',
    format: 'python',
    write(t) {
      const notes: string[] = [];
      const own =
        t.settings.strategy === 'langchain-summarization' ? t.settings.harness[t.settings.strategy] : null;
      let trigger: string[];
      let keep: string;
      if (own) {
        trigger = [
          ...(own.triggerTokens > 0 ? [`("tokens", ${own.triggerTokens})`] : []),
          ...(own.triggerPercent > 0 ? [`("fraction", ${own.triggerPercent / 100})`] : []),
        ];
        keep = own.keepTokens > 0 ? `("tokens", ${own.keepTokens})` : `("messages", ${own.keepMessages})`;
        if (trigger.length === 0)
          notes.push('no trigger is set: the middleware never summarizes until one is');
      } else {
        if (t.threshold <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
        trigger = [`("tokens", ${t.threshold})`];
        keep = `("tokens", ${t.keepRecent})`;
      }
      notes.push(
        'LangChain counts only the messages in its state, about 4 characters a token: the system prompt and the tool definitions are not in that count',
      );
      if (t.maxSummary > 0)
        notes.push(`the summary cap (${n(t.maxSummary)}) has no option: set max_tokens on the summary model`);
      const text = [
        'from langchain.agents.middleware import SummarizationMiddleware',
        '',
        'summarization = SummarizationMiddleware(',
        '    model=summary_model,',
        ...(trigger.length === 1 ? [`    trigger=${trigger[0]},`] : []),
        ...(trigger.length > 1 ? [`    trigger=[${trigger.join(', ')}],`] : []),
        `    keep=${keep},`,
        ')',
        '',
      ].join('\n');
      return { text, notes };
    },
  },
  {
    id: 'adk',
    agent: 'Google ADK',
    file: 'your App (Python)',
    format: 'python',
    write(t) {
      if (t.threshold <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      const retention = t.settings.harness.adk.eventRetentionSize;
      const notes = [
        `token_threshold is the prompt's own count, whatever the window; ADK compacts once the prompt reaches it`,
        `keep-recent (${n(t.keepRecent)} tokens) has no token option: event_retention_size keeps the newest ${retention} events raw, a model reply or a turn's tool results each being one`,
        'ADK 2.0 also asks for compaction_interval and overlap_size, its sliding window by invocation count: 3 and 1 are its documentation’s example, not tuned here',
      ];
      const text = [
        'from google.adk.apps.app import App, EventsCompactionConfig',
        '',
        'app = App(',
        '    name="my_agent",',
        '    root_agent=root_agent,',
        '    events_compaction_config=EventsCompactionConfig(',
        '        compaction_interval=3,',
        '        overlap_size=1,',
        `        token_threshold=${t.threshold},`,
        `        event_retention_size=${retention},`,
        '    ),',
        ')',
        '',
      ].join('\n');
      return { text, notes };
    },
  },
  {
    id: 'letta',
    agent: 'Letta',
    file: 'your agent (Python)',
    format: 'python',
    write(t) {
      if (t.threshold <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
      const own = t.settings.strategy === 'letta';
      const params = t.settings.harness.letta;
      // Letta compacts past 90% of its context_window_limit: the largest limit whose 90% is the tuned point.
      const limit = own ? t.window : lettaLimitFor(t.threshold);
      const share = own
        ? params.slidingWindowPercentage
        : Math.min(Math.max(Math.ceil((1 - t.keepRecent / limit) * 100 - 1e-9) / 100, 0.01), 1);
      const notes = [
        `Letta compacts once its count passes ${LETTA_TRIGGER_MULTIPLIER} of context_window_limit: ${n(limit)} puts that at ${n(shareOf(limit, LETTA_TRIGGER_MULTIPLIER))}`,
        `sliding_window_percentage ${share}: its first try evicts ${share} + 0.1 of the messages by count, then 0.1 more until what is left is under ${n(Math.floor((1 - share) * limit))} tokens`,
      ];
      if (!own && limit !== t.window)
        notes.push(
          `context_window_limit is below the model's window (${n(t.window)}): Letta takes it as the window, for its point and its sliding window alike`,
        );
      const mode = own && params.summarizeAll ? 'all' : 'sliding_window';
      const text = [
        'agent = client.agents.create(',
        '    model=model,',
        `    context_window_limit=${limit},`,
        '    compaction_settings={',
        `        "mode": "${mode}",`,
        ...(mode === 'sliding_window' ? [`        "sliding_window_percentage": ${share},`] : []),
        '    },',
        ')',
        '',
      ].join('\n');
      return { text, notes };
    },
  },
  {
    id: 'compactor',
    agent: 'createCompactor',
    file: 'your agent (TypeScript, compaction-playground/core)',
    format: 'typescript',
    write(t) {
      const s = t.settings;
      const harness = isCutStrategy(s.strategy)
        ? undefined
        : harnessDifferences({ [s.strategy]: s.harness[s.strategy] })?.[s.strategy];
      const lines = [
        'const compactor = createCompactor(summarizer, estimator, {',
        `  maxContextTokens: ${t.window},`,
        `  reserveTokens: ${t.reserve},`,
        `  keepRecentTokens: ${t.keepRecent},`,
        ...(t.maxSummary > 0 ? [`  maxSummaryTokens: ${t.maxSummary},`] : []),
        `  strategy: '${s.strategy}',`,
        ...(harness && Object.keys(harness).length
          ? [`  harness: ${JSON.stringify({ [s.strategy]: harness })},`]
          : []),
        ...(t.enabled ? [] : ['  enabled: false,']),
        '});',
        '',
      ];
      return { text: lines.join('\n'), notes: [] };
    },
  },
];

/** Every target `config --harness` and the page offer, in the order they list them. */
export const CONFIG_TARGETS: readonly { id: string; agent: string; aliases: string[] }[] = TARGETS.map(
  ({ id, agent, aliases }) => ({ id, agent, aliases: aliases ?? [] }),
);

/** The target `config --harness` means by `id`: its own id or one of its aliases. */
function targetOf(id: string): ConfigTarget | undefined {
  return TARGETS.find((target) => target.id === id || target.aliases?.includes(id));
}

export function isConfigTarget(id: string): boolean {
  return targetOf(id) !== undefined;
}

/**
 * Why these settings cannot be written for `target`, or null: a strategy with
 * no point to compact at (masking clears at every call; LangChain's
 * middleware has no trigger until one is set) gives an agent's threshold
 * nothing to be, and a threshold of 0 would be written as if it were one.
 * The strategy's own agent may still say it has none.
 */
export function configProblem(target: string, s: Settings): string | null {
  if (s.maxContextTokens <= 0 || isCutStrategy(s.strategy)) return null;
  if (tunedThreshold(s) >= 1 || targetOf(s.strategy) === targetOf(target)) return null;
  const { formula } = harnessTrigger(s.strategy, s.maxContextTokens, s.harness);
  return `${s.strategy} has no threshold to write (${formula}): choose a cut rule (budget, pi, turns) or a preset that compacts at a threshold`;
}

/** The settings for one agent, written in its own configuration. */
export function agentConfig(target: string, s: Settings): AgentConfig {
  const found = targetOf(target);
  if (!found)
    throw new Error(`unknown harness '${target}' (harnesses: ${TARGETS.map((t) => t.id).join(', ')})`);
  const tuned: Tuned = {
    window: s.maxContextTokens,
    reserve: s.reserveTokens,
    keepRecent: s.keepRecentTokens,
    maxSummary: s.maxSummaryTokens,
    threshold: tunedThreshold(s),
    enabled: s.enabled,
    settings: s,
  };
  const { text, notes } = found.write(tuned);
  return { harness: found.id, file: found.file, format: found.format, text, notes };
}
