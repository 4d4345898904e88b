/**
 * Claude Code: auto-compaction summarizes the whole conversation a little
 * below the window; optionally microcompact clears old tool output first.
 * Claude Code is closed source: its numbers were read out of its shipped
 * JavaScript by others (docs/harnesses.md gives each source).
 */
import { formatCount } from '../numbers';
import {
  NO_CLEARING,
  NO_WINDOW,
  count,
  FLAG,
  type ClearView,
  type ClearingPlan,
  type CutView,
  type Preset,
  type PresetConfig,
  type Trigger,
} from './preset';
import { PlanBuilder, toolResults } from './planBuilder';
import { CLAUDE_CODE_INITIAL } from './claudeCodePrompt';
import { CLEARED_TOOL_RESULT } from './placeholders';
import { NO_WINDOW_NOTE, percentBelow } from './configText';

const n = formatCount;

export interface ClaudeCodeParams {
  /** The model's largest reply. Claude Code holds back min(this, 20,000) of the window for it. */
  maxOutputTokens: number;
  /** How far below that effective window auto-compaction fires. */
  autocompactBuffer: number;
  /** Clear old tool results first, as Claude Code's microcompact does after an idle pause. */
  microcompact: boolean;
  /** The newest results of clearable tools microcompact keeps verbatim. */
  keepToolResults: number;
}

/** Claude Code never holds back more than this for the reply. */
export const CLAUDE_CODE_OUTPUT_RESERVE_CAP = 20_000;

/** Claude Code's microcompact clears the output of these tools only: output the agent can fetch again. */
export const CLAUDE_CODE_CLEARABLE_TOOLS: readonly string[] = [
  'Read',
  'Bash',
  'PowerShell',
  'Grep',
  'Glob',
  'WebSearch',
  'WebFetch',
  'Edit',
  'Write',
];

/**
 * Claude Code's microcompact: the output of tools that can simply be run
 * again (reads, searches, shell) is cleared, all but the newest few. Claude
 * Code does it after an idle pause longer than the prompt cache lives, which
 * a transcript's shape cannot show, so it is a parameter, off by default.
 */
export function microcompact(view: ClearView, p: ClaudeCodeParams): ClearingPlan {
  if (!p.microcompact) return NO_CLEARING;
  const { tools } = view;
  const clearable = toolResults(view).filter(
    (i) => tools.names[i] !== null && CLAUDE_CODE_CLEARABLE_TOOLS.includes(tools.names[i]!),
  );
  const b = new PlanBuilder(view.counts);
  for (const i of clearable.slice(0, Math.max(0, clearable.length - p.keepToolResults))) {
    b.set(i, tools.bare[i] + tools.placeholders.cleared, {
      output: { kind: 'placeholder', text: CLEARED_TOOL_RESULT },
    });
  }
  return b.plan();
}

/** After compacting, Claude Code re-attaches at most this many of the files it read most recently… */
export const CLAUDE_CODE_FILES_RESTORED = 5;
/** …each cut to this many tokens… */
export const CLAUDE_CODE_TOKENS_PER_FILE = 5_000;
/** …within this budget for all of them. */
export const CLAUDE_CODE_RESTORE_BUDGET = 50_000;

/**
 * What Claude Code puts back after its summary, in tokens: the newest file
 * reads (a transcript cannot tell two reads of one file apart, so each read
 * counts), each at most 5,000, then the newest todo list and plan, which are
 * the arguments of the calls that wrote them. CLAUDE.md is not in a
 * transcript: it belongs to the unseen part every request holds, which stays.
 */
export function claudeCodeReattached(view: CutView): number {
  const tools = view.tools;
  if (!tools) return 0;
  let files = 0;
  let restored = 0;
  let todos = -1;
  let plan = -1;
  for (let i = view.roles.length - 1; i >= 0; i--) {
    const name = view.roles[i] === 'tool' ? tools.names[i] : null;
    if (name === 'Read' && files < CLAUDE_CODE_FILES_RESTORED) {
      const output = Math.max(0, view.counts[i] - tools.bare[i]);
      restored += Math.min(output, CLAUDE_CODE_TOKENS_PER_FILE, CLAUDE_CODE_RESTORE_BUDGET - restored);
      files++;
    } else if (name === 'TodoWrite' && todos < 0) {
      todos = tools.argTokens[i];
    } else if (name === 'ExitPlanMode' && plan < 0) {
      plan = tools.argTokens[i];
    }
  }
  return restored + Math.max(0, todos) + Math.max(0, plan);
}

/** The window less the reply's reserve less the buffer, which goes below 1 when they take the whole window. */
function claudeCodeFormula(window: number, p: ClaudeCodeParams): number {
  return window - Math.min(p.maxOutputTokens, CLAUDE_CODE_OUTPUT_RESERVE_CAP) - p.autocompactBuffer;
}

/**
 * Claude Code's point with `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE` at `pct`: that
 * percent of the effective window (the window less the reply's reserve),
 * which can only bring the point earlier. A value above the default, or
 * outside 0 (excluded) to 100, leaves the default.
 */
export function claudeCodeOverridden(window: number, pct: number, p: ClaudeCodeParams): Trigger {
  const base = claudeCodePreset.trigger(window, p);
  if (!(pct > 0 && pct <= 100) || base.threshold === 0) return base;
  const effective = window - Math.min(p.maxOutputTokens, CLAUDE_CODE_OUTPUT_RESERVE_CAP);
  const own = Math.floor(effective * (pct / 100));
  if (own >= base.threshold) return base;
  return {
    threshold: Math.max(own, 1),
    comparison: 'reach',
    formula: `${n(effective)} effective window × ${pct}% (CLAUDE_AUTOCOMPACT_PCT_OVERRIDE)`,
  };
}

/** The override, the one setting that moves Claude Code's point. */
const claudeCodeConfig: PresetConfig<ClaudeCodeParams> = {
  file: 'the environment (or "env" in ~/.claude/settings.json)',
  format: 'env',
  write(t, params) {
    if (t.window <= 0) return { text: '', notes: [NO_WINDOW_NOTE] };
    const effective = t.window - Math.min(params.maxOutputTokens, CLAUDE_CODE_OUTPUT_RESERVE_CAP);
    const own = claudeCodePreset.trigger(t.window, params).threshold;
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
    const point = claudeCodeOverridden(t.window, percent, params).threshold;
    if (point !== t.threshold)
      notes.push(
        `${percent}% compacts at ${n(point)}, the closest whole percent at or below the tuned ${n(t.threshold)}`,
      );
    notes.push(
      `keep-recent (${n(t.keepRecent)}) has no setting: Claude Code summarizes everything, then re-attaches recent files, todos and the plan`,
    );
    return { text: `export CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=${percent}\n`, notes };
  },
};

export const claudeCodePreset: Preset<'claude-code', ClaudeCodeParams> = {
  id: 'claude-code',
  agent: 'Claude Code',
  summaryInstructions: CLAUDE_CODE_INITIAL,
  summary: 'Claude Code summarizes everything near the window',
  source: 'Reverse-engineered from Claude Code by others; the buffer has changed between versions.',
  doc: {
    trigger: 'tokens ≥ window − min(max output, 20,000) − 13,000 (167,000 of 200,000)',
    plan: 'summarize everything, then re-attach the newest 5 files read (5,000 tokens each at most), the todo list and the plan; optionally microcompact first (clear old Read/Bash/PowerShell/Grep/… results but the newest 5)',
    sources:
      '3p: anthropics/claude-code#12004, #27189, #23409; re-attachment and microcompact: its source restored from its npm source map (March 2026)',
  },
  params: {
    maxOutputTokens: {
      default: 32_000,
      rule: count(),
      label: "Model's max output",
      hint: 'it holds back min(this, 20,000) for the reply',
      option: {
        name: 'max-output',
        help: "the model's largest reply (claude-code, opencode; default 32000)",
      },
    },
    autocompactBuffer: {
      default: 13_000,
      rule: count(),
      label: 'Auto-compact buffer',
      hint: 'fires this far below the window less the reply',
      option: {
        name: 'autocompact-buffer',
        help: 'claude-code fires this far below the window less the reply (default 13000)',
      },
    },
    microcompact: {
      default: false,
      rule: FLAG,
      label: 'Microcompact first (clear old Read, Bash, Grep… results)',
      option: {
        name: 'microcompact',
        help: 'claude-code clears old Read/Bash/Grep/… results first, as after an idle pause',
      },
    },
    keepToolResults: {
      default: 5,
      rule: count(),
      label: 'Results microcompact keeps',
      option: { name: 'keep-tool-uses', unit: 'tool uses' },
    },
  },
  summarizerCalls: 1,
  clearsOnly: false,
  /** The window less the reply's reserve less the buffer, about 167,000 of 200,000. */
  formulaThreshold: claudeCodeFormula,
  trigger(window, p) {
    if (window <= 0) return NO_WINDOW;
    return {
      threshold: Math.max(claudeCodeFormula(window, p), 1),
      comparison: 'reach',
      formula: `${n(window)} window − min(${n(p.maxOutputTokens)} max output, ${n(CLAUDE_CODE_OUTPUT_RESERVE_CAP)} output cap) − ${n(p.autocompactBuffer)} buffer`,
    };
  },
  steps: (p) => (p.microcompact ? { clears: true, cut: 'if-still-over' } : { clears: false, cut: 'always' }),
  clear: microcompact,
  cut: (view) => ({ firstKeptIdx: view.roles.length, carriedTokens: claudeCodeReattached(view) }),
  nothing: () => ({
    reason: 'under-threshold',
    text: 'claude-code clears old tool output first and summarizes only while the context still reaches its threshold',
  }),
  config: claudeCodeConfig,
};
