/** `inspect FILE`: per-message tokens and fates, the threshold and the cut. */
import {
  analyze,
  shapeOf,
  type Analysis,
  type StrategyOutcome,
  type TranscriptShape,
} from '../core/analysis';
import { describeOverflow, describeVerdict, explainNothingToCompact } from '../core/explain';
import { loadEstimator, type Estimator } from '../core/estimate';
import type { Message } from '../core/message';
import { normalizeSettings, type SettingsInput } from '../core/settings';
import { isProblem } from '../formats/issues';
import type { ImportResult } from '../formats/types';
import type { Io } from './io';
import { SETTINGS_HELP, SETTINGS_OPTIONS, describeAdjustment, parse } from './options';
import {
  SOURCE_HELP,
  SOURCE_OPTIONS,
  describeShared,
  loadSource,
  sharedDocument,
  type SharedOrigin,
} from './source';

export const INSPECT_HELP = `Usage: compaction-playground inspect FILE [options]
       compaction-playground inspect --link URL [FILE] [options]
       compaction-playground inspect --bundle FILE.json [FILE] [options]

Shows each message's tokens and what compaction would do with it, the
threshold, whether compaction would fire, and where it would cut.

Options:
${SETTINGS_HELP}
${SOURCE_HELP}`;

/** The estimator for settings as typed: the scale a link carries may lie outside the range a user can type. */
export function estimatorFor(settings: SettingsInput): Promise<Estimator> {
  const { tokenizer, scale } = normalizeSettings(settings);
  return loadEstimator(tokenizer, scale);
}

/**
 * The `--json` document. Field names are part of the command line's
 * contract; `link` is there only when the state came from a link or bundle.
 */
export function inspectDocument(
  imported: ImportResult,
  shape: TranscriptShape,
  a: Analysis,
  shared: SharedOrigin | null = null,
) {
  const { plan } = a;
  return {
    format: imported.format,
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
    threshold: a.threshold,
    shouldCompact: a.shouldCompact,
    cut: { firstKeptIdx: plan.firstKeptIdx, turnStartIdx: plan.turnStartIdx, isSplitTurn: plan.isSplitTurn },
    toSummarize: plan.history,
    turnPrefix: plan.turnPrefix,
    keptTokens: a.keptTokens,
    summaryBudget: a.summaryBudget,
    overflow: a.overflow,
    strategies: Object.fromEntries(a.outcomes.map((o) => [o.strategy, outcomeDocument(o)])),
    ...(shared ? { link: sharedDocument(shared) } : {}),
  };
}

/** One strategy's outcome in the `--json` document. */
function outcomeDocument({ plan, keptTokens, tokensAfter, overflow }: StrategyOutcome) {
  return {
    nothingToCompact: plan.nothingToCompact,
    cut: { firstKeptIdx: plan.firstKeptIdx, turnStartIdx: plan.turnStartIdx, isSplitTurn: plan.isSplitTurn },
    toSummarize: plan.history,
    turnPrefix: plan.turnPrefix,
    keptTokens,
    tokensAfter,
    overflow,
  };
}

const n = (value: number) => value.toLocaleString('en-US');

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
  lines.push(`verdict     ${describeVerdict(a)}`);
  if (plan.nothingToCompact) {
    lines.push(`cut         nothing to compact: ${explainNothingToCompact(a.index, plan, settings).text}`);
  } else {
    const split = plan.isSplitTurn ? `, splits the turn that starts at #${plan.turnStartIdx}` : '';
    lines.push(`cut         first kept #${plan.firstKeptIdx}${split}; ${n(a.keptTokens)} tokens kept`);
    const { from, to } = plan.history;
    lines.push(
      to > from
        ? `summarize   #${from}–#${to - 1} (${to - from} messages)`
        : 'summarize   no history before the split turn',
    );
    if (plan.turnPrefix) {
      lines.push(
        `turn prefix #${plan.turnPrefix.from}–#${plan.turnPrefix.to - 1} (${plan.turnPrefix.to - plan.turnPrefix.from} messages)`,
      );
    }
  }
  if (a.overflow) {
    const { long } = describeOverflow(a.overflow, a.current.tokensAfter, {
      threshold: a.threshold,
      window: settings.maxContextTokens,
    });
    lines.push(`overflow    ${long}`);
  }
  const outcome = (o: StrategyOutcome) =>
    `${o.strategy} ${o.plan.nothingToCompact ? 'nothing to compact' : `first kept #${o.plan.firstKeptIdx}, ${n(o.tokensAfter)} tokens after`}`;
  lines.push(`strategies  ${a.outcomes.map(outcome).join('; ')}`);
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
  const { values, positionals } = parse(argv, { ...SETTINGS_OPTIONS, ...SOURCE_OPTIONS });
  if (values.help) {
    io.out(INSPECT_HELP);
    return 0;
  }
  const { imported, settings, shared } = await loadSource('inspect', values, positionals, io);
  const shape = shapeOf(imported.messages, await estimatorFor(settings));
  const analysis = analyze(shape, settings);
  io.out(
    values.json
      ? JSON.stringify(inspectDocument(imported, shape, analysis, shared), null, 2)
      : renderTable(imported, shape, analysis, shared),
  );
  return 0;
}
