/** `compact FILE --provider P`: one real compaction, its summary and what it changed. */
import { analyze, shapeOf } from '../core/analysis';
import { explainNothingToCompact, type NothingReason } from '../core/explain';
import { createCompactor, type Result } from '../core/compactor';
import { CompactionAbortedError, NothingToCompactError } from '../core/errors';
import type { Estimator } from '../core/estimate';
import type { Message } from '../core/message';
import {
  explainSettings,
  shouldCompact,
  threshold,
  type Adjustment,
  type SettingsInput,
} from '../core/settings';
import { SummarizerError } from '../core/summarizer';
import { describeProviderError } from '../providers/describeError';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, oneLine, type Io } from './io';
import { estimatorFor } from './inspect';
import { SETTINGS_HELP, SETTINGS_OPTIONS, describeAdjustment, parse } from './options';
import {
  SOURCE_HELP,
  SOURCE_OPTIONS,
  describeShared,
  loadSource,
  sharedDocument,
  type SharedOrigin,
} from './source';
import {
  GENERIC_KEY_VARIABLE,
  KEY_VARIABLES,
  KEY_HELP,
  PROVIDER_HELP,
  PROVIDER_OPTIONS,
  chooseSummarizer,
  refuseKeyOptions,
  type ChosenSummarizer,
} from './summarizerOption';
import { SummaryStream } from './summaryStream';

export const COMPACT_HELP = `Usage: compaction-playground compact FILE --provider P [options]
       compaction-playground compact --link URL [FILE] --provider P [options]

Runs one compaction of the transcript, as the agent would: summarizes what
falls outside the keep-recent budget and prints the summary, then the result
(tokens and messages before and after, flags, checkpoint, usage) and whether
the compacted list would compact again. On a terminal the summary streams as
it is written.

Options:
${PROVIDER_HELP}
  --instructions TEXT extra focus for the summary, added to every request
  --stall-timeout MS  give up on a stream silent this long (default 120000)
${SETTINGS_HELP.replace('print one JSON document instead of the table', 'print the full result as JSON')}
${SOURCE_HELP}

${KEY_HELP}`;

const COMPACT_OPTIONS = {
  ...SETTINGS_OPTIONS,
  ...SOURCE_OPTIONS,
  ...PROVIDER_OPTIONS,
  instructions: { type: 'string' },
  'stall-timeout': { type: 'string' },
} as const;

const n = (value: number) => value.toLocaleString('en-US');

function againLine(tokensAfter: number, limit: number, again: boolean): string {
  return again
    ? `yes: ${n(tokensAfter)} tokens > threshold ${n(limit)}; the next turn would compact again`
    : `no: ${n(tokensAfter)} tokens ≤ threshold ${n(limit)}`;
}

/** The lines after the summary. */
export function renderResult(
  result: Result,
  chosen: ChosenSummarizer,
  limit: number,
  again: boolean,
  shared: SharedOrigin | null,
  adjustments: readonly Adjustment[] = [],
): string {
  const provider = chosen.provider;
  const summarizer = provider
    ? `${chosen.summarizer.label} at ${provider.baseUrl}${provider.keyFrom ? ` (key from ${provider.keyFrom})` : ' (no key)'}`
    : chosen.summarizer.label;
  const lines = [
    ...(shared ? [`link        ${describeShared(shared)}`] : []),
    ...adjustments.map((adj, i) => `${i === 0 ? 'settings' : ''}`.padEnd(12) + describeAdjustment(adj)),
    `summarizer  ${summarizer}`,
    `tokens      ${n(result.tokensBefore)} → ${n(result.tokensAfter)}`,
    `messages    ${n(result.messagesBefore)} → ${n(result.messagesAfter)}`,
    `flags       degraded ${result.degraded ? 'yes (raw archive)' : 'no'}, split turn ${result.splitTurn ? 'yes' : 'no'}`,
    `omitted     ${result.omitted ? `${n(result.omitted)} messages did not fit the summarization requests` : 'none'}`,
    `checkpoint  ${result.checkpoint ? `turn ${result.checkpoint.turnId}${result.checkpoint.degraded ? ' (raw archive)' : ''}` : 'none'}`,
  ];
  if (result.usage) {
    const { promptTokens, completionTokens, cachedTokens, reasoningTokens } = result.usage;
    const extra = [
      cachedTokens ? `${n(cachedTokens)} cached` : '',
      reasoningTokens ? `${n(reasoningTokens)} reasoning` : '',
    ].filter(Boolean);
    lines.push(
      `usage       ${n(promptTokens)} prompt + ${n(completionTokens)} completion tokens${extra.length ? ` (${extra.join(', ')})` : ''}`,
    );
  }
  if (result.model) {
    lines.push(`model       ${result.model}${result.responseId ? `, response ${result.responseId}` : ''}`);
  }
  for (const failure of result.failures) lines.push(`failed      ${oneLine(failure)}`);
  lines.push(`again       ${againLine(result.tokensAfter, limit, again)}`);
  return lines.join('\n');
}

/** What the user can change, for each reason nothing was compacted; nothing helps a message that cannot be cut. */
const NOTHING_ADVICE: Record<NothingReason, string> = {
  empty: '',
  fits: 'lower --keep-recent to compact more',
  floor: 'lower --keep-recent to compact more',
  'one-turn': '--strategy budget or pi splits a turn',
  indivisible: '',
};

function whyNothing(messages: readonly Message[], settings: SettingsInput, estimator: Estimator): string {
  const { index, plan, settings: effective } = analyze(shapeOf(messages, estimator), settings);
  const { reason, text } = explainNothingToCompact(index, plan, effective);
  return NOTHING_ADVICE[reason] ? `${text}; ${NOTHING_ADVICE[reason]}` : text;
}

/** The auth fix in terms of the environment, where the command line's key lives. */
function authFix(chosen: ChosenSummarizer): string {
  const provider = chosen.provider;
  if (!provider) return '';
  if (!provider.keyFrom) {
    const names = [GENERIC_KEY_VARIABLE, ...KEY_VARIABLES[provider.kind]].join(' or ');
    return `The server wants a key and none was sent: set ${names}.`;
  }
  return `Check that the key in ${provider.keyFrom} belongs to this provider and is still active.`;
}

function reportProviderError(error: unknown, chosen: ChosenSummarizer, io: Io): void {
  const description = describeProviderError(error, { config: chosen.config ?? undefined });
  let fix = description.fix;
  if (description.category === 'auth') fix = authFix(chosen);
  // The shared fix speaks of browsers and CORS; from a terminal only reachability matters.
  if (description.category === 'unreachable' && chosen.provider) {
    fix = `Check that the server is running at ${chosen.provider.baseUrl} and that this machine can reach it.`;
  }
  io.err(`compaction-playground: ${description.title}`);
  if (description.detail) io.err(`  ${oneLine(description.detail)}`);
  if (fix) io.err(`  ${fix}`);
}

export async function compact(argv: string[], io: Io): Promise<number> {
  refuseKeyOptions(argv);
  const { values, positionals } = parse(argv, COMPACT_OPTIONS);
  if (values.help) {
    io.out(COMPACT_HELP);
    return EXIT_OK;
  }
  const stream = !values.json && io.stream ? new SummaryStream(io.stream, io.err) : null;
  const chosen = chooseSummarizer(values);
  const { imported, settings, shared } = await loadSource('compact', values, positionals, io);
  const estimator = await estimatorFor(settings);
  const compactor = createCompactor(chosen.summarizer, estimator, settings);
  if (!compactor)
    throw new UsageError("--window 0 turns compaction off: give the model's window with --window N");

  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  let result: Result;
  try {
    result = await compactor.compact(imported.messages, {
      reason: 'manual',
      instructions: typeof values.instructions === 'string' ? values.instructions : undefined,
      signal: controller.signal,
      onEvent: stream?.onEvent,
    });
  } catch (error) {
    stream?.breakLine();
    if (error instanceof NothingToCompactError) {
      io.err(
        `compaction-playground: nothing to compact: ${whyNothing(imported.messages, settings, estimator)}`,
      );
      return EXIT_FAILURE;
    }
    if (error instanceof CompactionAbortedError || controller.signal.aborted) {
      io.err('compaction-playground: stopped; nothing was compacted');
      return EXIT_INTERRUPTED;
    }
    if (error instanceof SummarizerError) {
      reportProviderError(error, chosen, io);
      return EXIT_FAILURE;
    }
    throw error;
  } finally {
    process.removeListener('SIGINT', onInterrupt);
  }

  const { settings: effective, adjustments } = explainSettings(settings);
  const limit = threshold(effective);
  const again = shouldCompact(effective, result.tokensAfter);
  if (values.json) {
    io.out(
      JSON.stringify(
        {
          ...result,
          summarizer: chosen.summarizer.label,
          provider: chosen.provider,
          wouldCompactAgain: again,
          adjustments,
          ...(shared ? { link: sharedDocument(shared) } : {}),
        },
        null,
        2,
      ),
    );
    return EXIT_OK;
  }
  if (stream) stream.finish(result.summary, result.degraded);
  else io.out(result.summary);
  io.out(`\n${renderResult(result, chosen, limit, again, shared, adjustments)}`);
  return EXIT_OK;
}
