/**
 * The tuned settings written in an agent's own configuration: each preset's
 * writer (its `config`, in its module), pi's `settings.json` and our own
 * `createCompactor`. Where an agent cannot say what was tuned, the notes name
 * the closest it can and what differs. Only settings go in: nothing here can
 * see a provider's key. Setting names and their sources: `docs/harnesses.md`.
 */
import { isCutStrategy, threshold, type Settings } from './settings';
import { json, n } from './harness/configText';
import { harnessDifferences } from './harness/params';
import type { ConfigFormat, Tuned } from './harness/preset';
import { PRESETS, harnessTrigger, type SomePreset } from './harness/registry';

export type { Tuned } from './harness/preset';

export interface AgentConfig {
  /** The target's id, as `config --harness` takes it. */
  harness: string;
  /** Where the text goes. */
  file: string;
  format: ConfigFormat;
  text: string;
  /** What the agent cannot express, the closest it can, and what differs. */
  notes: string[];
}

interface ConfigTarget {
  id: string;
  /** Other names `config --harness` takes for it: the id of the preset that models it, when that differs. */
  aliases: string[];
  /** How the page names it. */
  agent: string;
  file: string;
  format: ConfigFormat;
  write(t: Tuned, s: Settings): { text: string; notes: string[] };
}

/** The tuned threshold: the chosen preset's own trigger, or window − reserve for a cut rule. */
export function tunedThreshold(s: Settings): number {
  if (isCutStrategy(s.strategy)) return threshold(s);
  return harnessTrigger(s.strategy, s.maxContextTokens, s.harness).threshold;
}

/** pi's compaction block: the cut rule the playground shares with it. */
const PI: ConfigTarget = {
  id: 'pi',
  aliases: [],
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
};

/** Our own library: every setting, the strategy's parameters where they differ from the defaults. */
const COMPACTOR: ConfigTarget = {
  id: 'compactor',
  aliases: [],
  agent: 'createCompactor',
  file: 'your agent (TypeScript, compaction-playground/core)',
  format: 'typescript',
  write(t, s) {
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
};

/** Each preset with a writer, in the registry's order. */
function presetTarget(preset: SomePreset): ConfigTarget[] {
  const config = preset.config;
  if ('none' in config) return [];
  return [
    {
      id: config.name ?? preset.id,
      aliases: config.name ? [preset.id] : [],
      agent: preset.agent,
      file: config.file,
      format: config.format,
      write: (t, s) =>
        config.write(t, s.harness[preset.id] as unknown as Record<string, unknown>, s.strategy === preset.id),
    },
  ];
}

const TARGETS: readonly ConfigTarget[] = [
  ...PRESETS.flatMap((preset) => presetTarget(preset as unknown as SomePreset)),
  PI,
  COMPACTOR,
];

/** Every target `config --harness` and the page offer, in the order they list them. */
export const CONFIG_TARGETS: readonly { id: string; agent: string; aliases: string[] }[] = TARGETS.map(
  ({ id, agent, aliases }) => ({ id, agent, aliases }),
);

/** The target `config --harness` means by `id`: its own id or one of its aliases. */
function targetOf(id: string): ConfigTarget | undefined {
  return TARGETS.find((target) => target.id === id || target.aliases.includes(id));
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
  };
  const { text, notes } = found.write(tuned, s);
  return { harness: found.id, file: found.file, format: found.format, text, notes };
}
