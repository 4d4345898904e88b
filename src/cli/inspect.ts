/** `inspect FILE`: per-message tokens and fates, the threshold and the cut. */
import { countOf } from '../core/numbers';
import {
  type Analysis,
  analyze,
  type Clearing,
  describeOverflow,
  describeVerdict,
  ifItFired,
  keptOverBudget,
  explainNothingToCompact,
  isCutStrategy,
  LIKELY_MISSING_RATIO,
  measureUnseen,
  type Message,
  shapeOf,
  type StrategyOutcome,
  type TranscriptShape,
} from '../core';
import { describeWindowOrigin } from '../core/modelWindow';
import { describeLabMeasured, labMeasuredOf, labUnseenOf, type LabMeasured } from '../core/harness/measured';
import { describeClaudeCodeWindow, type ClaudeCodeWindow } from '../core/harness/claudeCodeWindow';
import {
  CLAUDE_SETTINGS_HELP,
  CLAUDE_SETTINGS_OPTIONS,
  claudeCodeWindowFor,
  windowWithClaudeCode,
} from './claudeCodeSession';
import { isProblem } from '../formats/issues';
import { importReport } from '../formats/report';
import type { ImportResult } from '../formats/types';
import { estimatorFor } from './estimator';
import { jsonDocument, type Io } from './io';
import { SETTINGS_HELP, SETTINGS_OPTIONS, describeAdjustment, parse } from './options';
import {
  SOURCE_HELP,
  SOURCE_OPTIONS,
  describeShared,
  type Loaded,
  loadSource,
  sharedDocument,
  type SharedOrigin,
} from './source';

export const INSPECT_HELP = `Usage: compaction-playground inspect FILE [options]
       compaction-playground inspect --link URL [FILE] [options]
       compaction-playground inspect --bundle FILE.json [FILE] [options]

Shows each message's tokens and what compaction would do with it (summarize,
keep, or clear in place), the threshold, whether compaction would fire, where
it would cut, and the same for every strategy and agent preset.

For a Claude Code session, the auto-compact window and point are Claude
Code's own, from its environment and settings files (see --claude-settings),
with the one that decided them.

Options:
${SETTINGS_HELP}
${SOURCE_HELP}
${CLAUDE_SETTINGS_HELP}`;

/**
 * The `--json` document. Field names are part of the command line's
 * contract; `link` is there only when the state came from a link or bundle.
 */
export function inspectDocument(
  imported: ImportResult,
  shape: TranscriptShape,
  a: Analysis,
  shared: SharedOrigin | null = null,
  window: Loaded['window'] | null = null,
  claude: ClaudeCodeWindow | null = null,
) {
  const { plan } = a;
  const split = a.unseenSplit;
  return {
    format: imported.format,
    import: importReport(imported),
    tokenizer: a.settings.tokenizer,
    settings: a.settings,
    adjustments: a.adjustments,
    messages: imported.messages.map((m, index) => ({
      index,
      id: m.id,
      role: m.role,
      tokens: shape.counts[index],
      fate: a.fates[index],
    })),
    totalTokens: a.totalTokens,
    framingTokens: a.framingTokens,
    unseenTokens: a.unseenTokens,
    unseenSource: a.unseenSource,
    unseenKnownTokens: split.knownTokens,
    unseenKnownSource: split.knownSource,
    unseenInferredTokens: split.inferredTokens,
    unseenLab: labDocument(labMeasuredOf(imported)),
    unseenLikelyMissing: split.likelyMissing,
    lastCallTokens: split.lastCallTokens,
    ...(window ? { windowSource: { ...window.origin, tokens: window.tokens } } : {}),
    ...(claude ? { claudeCode: claudeCodeDocument(claude) } : {}),
    contextTokens: a.contextTokens,
    threshold: a.threshold,
    shouldCompact: a.shouldCompact,
    cut: { firstKeptIdx: plan.firstKeptIdx, turnStartIdx: plan.turnStartIdx, isSplitTurn: plan.isSplitTurn },
    toSummarize: plan.history,
    turnPrefix: plan.turnPrefix,
    keptTokens: a.keptTokens,
    cleared: a.cleared,
    tokensAfter: a.current.tokensAfter,
    summaryBudget: a.summaryBudget,
    overflow: a.overflow,
    strategies: Object.fromEntries(a.outcomes.map((o) => [o.strategy, outcomeDocument(o)])),
    ...(shared ? { link: sharedDocument(shared) } : {}),
  };
}

/** The lab's measure of the file's agent version in the `--json` document, null for a version it has not run. */
function labDocument(m: LabMeasured | undefined) {
  return m
    ? {
        agent: m.agent,
        version: m.version,
        systemTokens: m.systemTokens,
        toolTokens: m.toolTokens,
        mode: m.mode,
      }
    : null;
}

/** Claude Code's own window and point in the `--json` document. */
function claudeCodeDocument(c: ClaudeCodeWindow) {
  return {
    window: c.window,
    modelWindow: c.modelWindow,
    threshold: c.trigger?.threshold ?? null,
    formula: c.trigger?.formula ?? null,
    off: c.off,
    source: c.source,
    notes: c.notes,
  };
}

/** One strategy's outcome in the `--json` document: its own threshold, whether it fires, what it cuts and clears. */
function outcomeDocument({
  plan,
  keptTokens,
  tokensAfter,
  trigger,
  fires,
  cleared,
  overflow,
}: StrategyOutcome) {
  return {
    threshold: trigger.threshold,
    comparison: trigger.comparison,
    fires,
    nothingToCompact: plan.nothingToCompact,
    cut: { firstKeptIdx: plan.firstKeptIdx, turnStartIdx: plan.turnStartIdx, isSplitTurn: plan.isSplitTurn },
    toSummarize: plan.history,
    turnPrefix: plan.turnPrefix,
    keptTokens,
    cleared,
    tokensAfter,
    overflow,
  };
}

const n = (value: number) => value.toLocaleString('en-US');

/** `3 messages: #2 500 → 9, #4 …` (the first five, then a count of the rest). */
function describeCleared(cleared: readonly Clearing[]): string {
  const shown = cleared.slice(0, 5).map((c) => `#${c.index} ${n(c.tokensBefore)} → ${n(c.tokensAfter)}`);
  const more = cleared.length > 5 ? `, and ${cleared.length - 5} more` : '';
  const freed = cleared.reduce((sum, c) => sum + c.tokensBefore - c.tokensAfter, 0);
  return `${cleared.length} message${cleared.length === 1 ? '' : 's'} (${n(freed)} tokens): ${shown.join(', ')}${more}`;
}

/** One strategy on one line: its threshold, whether it fires, what it clears and cuts, and what is left. */
function describeOutcome(o: StrategyOutcome, messages: number): string {
  const { threshold, comparison } = o.trigger;
  const at =
    comparison === 'always'
      ? 'every call'
      : threshold > 0
        ? `${comparison === 'exceed' ? '>' : '≥'} ${n(threshold)}`
        : o.trigger.formula;
  const parts = [`threshold ${at}${o.fires ? ' (fires)' : ''}`];
  if (o.cleared.length) parts.push(`clears ${o.cleared.length}`);
  const idle = o.plan.nothingToCompact && o.cleared.length === 0;
  parts.push(
    o.plan.nothingToCompact
      ? o.cleared.length
        ? 'no cut'
        : 'nothing to compact'
      : o.plan.firstKeptIdx >= messages
        ? 'keeps nothing verbatim'
        : `first kept #${o.plan.firstKeptIdx}`,
  );
  // It fires and finds nothing to do: what happens instead is that the context stays.
  if (idle && o.fires) parts.push(`stays at ${n(o.tokensAfter)} tokens`);
  else if (!idle) parts.push(o.fires ? `${n(o.tokensAfter)} tokens after` : 'does not act yet');
  return parts.join(', ');
}

/** Why the kept tail is larger than the keep-recent budget, when it is: beside the number. */
function keptNote(a: Analysis): string {
  const over = keptOverBudget(a);
  return over ? ` (${over})` : '';
}

/** What the unseen part is, in words, after its figure. */
const UNSEEN_SOURCE_WORDS: Record<Analysis['unseenSource'], string> = {
  'recorded-usage': "not explained by the file (inferred from the newest call's recorded usage)",
  lab: 'system prompt and tools (measured by the lab for this agent version)',
  setting: 'system prompt and tools (as set with --unseen)',
  none: 'not in the file (none known: the file records no usage; set one with --unseen)',
};

/** `2,943 in messages + 3 framing + 16,831 not explained by the file (…) = 19,777 tokens`: the sum the verdict compares. */
export function describeContext(a: Analysis): string {
  const parts = [`${n(a.totalTokens)} in messages`];
  if (a.framingTokens > 0) parts.push(`${n(a.framingTokens)} framing`);
  parts.push(`${n(a.unseenTokens)} ${UNSEEN_SOURCE_WORDS[a.unseenSource]}`);
  return `${parts.join(' + ')} = ${n(a.contextTokens)} tokens`;
}

/** The unseen part's known and inferred figures, the newest call they come from, and the warning when one dwarfs the messages. */
export function describeUnseen(a: Analysis, measured?: LabMeasured): string[] {
  const s = a.unseenSplit;
  const known =
    s.knownSource === 'setting'
      ? `${n(s.knownTokens)} (as set with --unseen)`
      : s.knownSource === 'lab' && measured
        ? describeLabMeasured(measured)
        : s.knownSource === 'file'
          ? `${n(s.knownTokens)} (the file's system messages, counted in the messages)`
          : 'none recorded in the file';
  const lines = [`system prompt and tools (known): ${known}`];
  if (s.inferredTokens !== null) lines.push(`not explained by the file (inferred): ${n(s.inferredTokens)}`);
  if (s.lastCallTokens !== null)
    lines.push(
      `newest call sent ${n(s.lastCallTokens)} (input + cache read + cache creation, as statusline shows)`,
    );
  if (s.likelyMissing) lines.push(likelyMissingNote(a));
  return lines;
}

/** The warning for an inferred part far larger than the messages. */
export function likelyMissingNote(a: Analysis): string {
  return `the inferred ${n(a.unseenSplit.inferredTokens ?? 0)} is over ${LIKELY_MISSING_RATIO}× the ${n(a.totalTokens)} in messages: the file likely misses part of the conversation (a sub-agent's turns, dropped messages)`;
}

function firstLine(m: Message): string {
  const text =
    m.content.trim() || m.toolCalls?.map((c) => `${c.name}(…)`).join(' ') || m.reasoning?.trim() || '';
  const line = text.split('\n')[0].replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

export function renderTable(
  imported: ImportResult,
  shape: TranscriptShape,
  a: Analysis,
  shared: SharedOrigin | null = null,
  window: Loaded['window'] | null = null,
  claude: ClaudeCodeWindow | null = null,
): string {
  const { plan, settings } = a;
  const rows = imported.messages.map((m, i) =>
    [
      String(i).padStart(5),
      m.role.padEnd(9),
      n(shape.counts[i]).padStart(9),
      a.fates[i].padEnd(11),
      firstLine(m),
    ].join('  '),
  );
  const lines = [
    `${'#'.padStart(5)}  ${'role'.padEnd(9)}  ${'tokens'.padStart(9)}  ${'fate'.padEnd(11)}  text`,
    ...rows,
    '',
    ...(shared ? [`link        ${describeShared(shared)}`] : []),
    `format      ${imported.format} (${imported.detection.reason})`,
    `tokenizer   ${settings.tokenizer}${settings.scale !== 1 ? ` × ${settings.scale}` : ''}, strategy ${settings.strategy}`,
    `settings    window ${n(settings.maxContextTokens)}, reserve ${n(settings.reserveTokens)}, keep-recent ${n(settings.keepRecentTokens)}, max summary ${settings.maxSummaryTokens ? n(settings.maxSummaryTokens) : 'derived'}`,
    ...a.adjustments.map((adj) => `            ${describeAdjustment(adj)}`),
  ];
  if (window) lines.push(`window      ${describeWindowOrigin(window.tokens, window.origin)}`);
  if (claude) lines.push(`claude code ${describeClaudeCodeWindow(claude)}`);
  lines.push(`context     ${describeContext(a)}`);
  const measured = labMeasuredOf(imported);
  for (const line of describeUnseen(a, measured)) lines.push(`            ${line}`);
  lines.push(`verdict     ${describeVerdict(a)}`);
  // The cut below is what would happen: said before it, as the page says it beside its verdict.
  const would = ifItFired({ ...a, messages: imported.messages.length });
  if (would) lines.push(`            ${would}`);
  if (!isCutStrategy(settings.strategy)) lines.push(`threshold   ${a.trigger.formula}`);
  if (a.cleared.length > 0) lines.push(`cleared     ${describeCleared(a.cleared)}`);
  if (plan.nothingToCompact && a.cleared.length > 0) {
    lines.push(`cut         none; ${n(a.current.tokensAfter)} tokens after clearing`);
  } else if (plan.nothingToCompact) {
    lines.push(`cut         nothing to compact: ${explainNothingToCompact(a.index, plan, settings).text}`);
  } else {
    const split = plan.isSplitTurn ? `, splits the turn that starts at #${plan.turnStartIdx}` : '';
    lines.push(
      plan.firstKeptIdx >= imported.messages.length
        ? 'cut         keeps nothing verbatim: everything after the start is summarized'
        : `cut         first kept #${plan.firstKeptIdx}${split}; ${n(a.keptTokens)} tokens kept${keptNote(a)}`,
    );
    const { from, to } = plan.history;
    lines.push(
      to > from
        ? `summarize   #${from}–#${to - 1} (${countOf(to - from, 'message')})`
        : 'summarize   no history before the split turn',
    );
    if (plan.turnPrefix) {
      lines.push(
        `turn prefix #${plan.turnPrefix.from}–#${plan.turnPrefix.to - 1} (${countOf(plan.turnPrefix.to - plan.turnPrefix.from, 'message')})`,
      );
    }
  }
  if (a.overflow) {
    const { long } = describeOverflow(a.overflow, a.current.tokensAfter, {
      threshold: a.overflow.threshold,
      window: settings.maxContextTokens,
    });
    lines.push(`overflow    ${long}`);
  }
  lines.push('strategies');
  for (const o of a.outcomes)
    lines.push(`  ${o.strategy.padEnd(17)} ${describeOutcome(o, imported.messages.length)}`);
  // Notes say what was left out on purpose, as the agent leaves it out: not problems.
  const problems = imported.issues.filter(isProblem);
  const notes = imported.issues.filter((i) => !isProblem(i));
  if (problems.length)
    lines.push(
      `import      ${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems
        .map((i) => (i.line !== undefined ? `line ${i.line}: ${i.message}` : i.message))
        .slice(0, 3)
        .join('; ')}`,
    );
  if (notes.length) lines.push(`notes       ${notes.map((i) => i.message).join('; ')}`);
  return lines.join('\n');
}

export async function inspect(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, {
    ...SETTINGS_OPTIONS,
    ...SOURCE_OPTIONS,
    ...CLAUDE_SETTINGS_OPTIONS,
  });
  if (values.help) {
    io.out(INSPECT_HELP);
    return 0;
  }
  const loaded = await loadSource('inspect', values, positionals, io);
  const { imported, shared } = loaded;
  // A link or bundle is its sender's: this machine's Claude Code settings say nothing of it.
  const claude = shared ? null : claudeCodeWindowFor(imported, values);
  const window = windowWithClaudeCode(loaded.window, claude);
  const settings = { ...loaded.settings, maxContextTokens: window.tokens };
  const estimator = await estimatorFor(settings);
  const counted = shapeOf(imported.messages, estimator);
  // What the file's usage shows every request held beyond its messages (system prompt, tools).
  const unseen = measureUnseen(imported.messages, counted.counts, imported.history, estimator);
  const shape = {
    ...counted,
    // A link without its sender's usage still carries what that usage measured.
    unseenTokens: unseen?.inferredTokens ?? imported.unseenTokens ?? null,
    lastCallTokens: unseen?.lastCallTokens ?? null,
    labTokens: labUnseenOf(imported),
  };
  const analysis = analyze(shape, settings);
  io.out(
    values.json
      ? jsonDocument(inspectDocument(imported, shape, analysis, shared, window, claude))
      : renderTable(imported, shape, analysis, shared, window, claude),
  );
  return 0;
}
