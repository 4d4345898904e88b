/** `compact FILE --provider P`: one real compaction, its summary and what it changed. */
import {
  type Adjustment,
  analyze,
  clearInPlace,
  CLEARING_ONLY,
  clearsOnly,
  CompactionAbortedError,
  createCompactor,
  type Estimator,
  evalReport,
  explainNothingToCompact,
  explainSettings,
  findBoundary,
  HARNESSES,
  type HarnessId,
  judgeCompaction,
  type Message,
  type NothingReason,
  NothingToCompactError,
  PROMPT_IDS,
  PROMPT_LABELS,
  presetOf,
  type PromptOverrides,
  type Result,
  type Settings,
  type SettingsInput,
  shapeOf,
  strategyTrigger,
  SummarizerError,
  type Trigger,
  triggers,
} from '../core';
import { describeProviderError } from '../providers';
import { EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, UsageError, jsonDocument, oneLine, type Io } from './io';
import { estimatorFor } from './estimator';
import { unseenFor } from './unseen';
import { SETTINGS_HELP, SETTINGS_OPTIONS, describeAdjustment, parse, type Values } from './options';
import {
  SOURCE_HELP,
  SOURCE_OPTIONS,
  describeShared,
  loadSource,
  sharedDocument,
  type Loaded,
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
import { renderEval } from './evalOutput';
import { PROMPT_HELP, readPromptFile } from './promptOption';

const SUMMARIZING = HARNESSES.filter((id) => !clearsOnly(id));

export const COMPACT_HELP = `Usage: compaction-playground compact FILE --provider P [options]
       compaction-playground compact --link URL [FILE] --provider P [options]

Runs one compaction of the transcript, as the agent would: summarizes what
falls outside the keep-recent budget and prints the summary, then the result
(tokens and messages before and after, flags, checkpoint, usage) and whether
the compacted list would compact again. On a terminal the summary streams as
it is written.

With an agent's preset (--strategy ${SUMMARIZING.join(', ')})
it does what that agent would: clear old tool output first where the agent
does, then summarize what the agent summarizes. The presets that only clear
in place (${CLEARING_ONLY.join(', ')}) call no model and need no
--provider.

Options:
${PROVIDER_HELP}
  --instructions TEXT extra focus for the summary, added to every request
${PROMPT_HELP}
  --link-prompts      send the prompts a --link carries (printed on stderr
                      first); without it they are named and not used
  --eval              judge the summary: which files, errors, commands, user
                      constraints, open todo items and changed names of the
                      summarized messages it still names, and the recall of each
  --stall-timeout MS  give up on a stream silent this long (default 120000)
${SETTINGS_HELP.replace('print one JSON document instead of the table', 'print the full result as JSON')}
${SOURCE_HELP}

${KEY_HELP}`;

const COMPACT_OPTIONS = {
  ...SETTINGS_OPTIONS,
  ...SOURCE_OPTIONS,
  ...PROVIDER_OPTIONS,
  instructions: { type: 'string' },
  prompt: { type: 'string' },
  'link-prompts': { type: 'boolean' },
  eval: { type: 'boolean' },
  'stall-timeout': { type: 'string' },
} as const;

const n = (value: number) => value.toLocaleString('en-US');

function againLine(tokensAfter: number, trigger: Trigger, again: boolean): string {
  const reach = trigger.comparison === 'reach';
  return again
    ? `yes: ${n(tokensAfter)} tokens ${reach ? '≥' : '>'} threshold ${n(trigger.threshold)}; the next turn would compact again`
    : `no: ${n(tokensAfter)} tokens ${reach ? '<' : '≤'} threshold ${n(trigger.threshold)}`;
}

/** The lines after the summary. */
export function renderResult(
  result: Result,
  chosen: ChosenSummarizer,
  trigger: Trigger,
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
    ...(result.cleared.length
      ? [
          `cleared     ${result.cleared.length} message${result.cleared.length === 1 ? '' : 's'} first: ${result.cleared.map((c) => `#${c.index}`).join(' ')}`,
        ]
      : []),
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
  lines.push(`again       ${againLine(result.tokensAfter, trigger, again)}`);
  return lines.join('\n');
}

/** What the user can change, for each reason nothing was compacted; nothing helps a message that cannot be cut. */
const NOTHING_ADVICE: Record<NothingReason, string> = {
  empty: '',
  fits: 'lower --keep-recent to compact more',
  floor: 'lower --keep-recent to compact more',
  'one-turn': '--strategy budget or pi splits a turn',
  indivisible: '',
  'clears-only': '',
  'no-split': '',
  'under-threshold': '',
  'already-compacted': '',
};

function whyNothing(messages: readonly Message[], settings: SettingsInput, estimator: Estimator): string {
  const { index, plan, settings: effective } = analyze(shapeOf(messages, estimator), settings);
  const { reason, text } = explainNothingToCompact(index, plan, effective);
  return NOTHING_ADVICE[reason] ? `${text}; ${NOTHING_ADVICE[reason]}` : text;
}

/** The auth fix in terms of the environment, where the command line's key lives. */
type ChosenProvider = Pick<ChosenSummarizer, 'config' | 'provider'>;

function authFix(chosen: ChosenProvider): string {
  const provider = chosen.provider;
  if (!provider) return '';
  if (!provider.keyFrom) {
    const names = [GENERIC_KEY_VARIABLE, ...KEY_VARIABLES[provider.kind]].join(' or ');
    return `The server wants a key and none was sent: set ${names}.`;
  }
  return `Check that the key in ${provider.keyFrom} belongs to this provider and is still active.`;
}

/** A provider's failure on stderr: what happened, the provider's words, and the fix from a terminal. */
export function reportProviderError(error: unknown, chosen: ChosenProvider, io: Io): void {
  const description = describeProviderError(error, { config: chosen.config ?? undefined });
  let fix = description.fix;
  if (description.category === 'auth') fix = authFix(chosen);
  // The shared fix speaks of browsers and CORS; from a terminal only reachability matters.
  if (description.category === 'unreachable' && chosen.provider) {
    fix = `Check that the server is running at ${chosen.provider.baseUrl} and that this machine can reach it.`;
  }
  // The page sets the stall timeout in its settings; a command takes it as an option.
  if (description.category === 'stall') fix = 'Try again; for a slow server, raise --stall-timeout.';
  io.err(`compaction-playground: ${description.title}`);
  if (description.detail) io.err(`  ${oneLine(description.detail)}`);
  if (fix) io.err(`  ${fix}`);
}

/** Why a clearing-only preset found nothing to clear, with the option that changes it. */
function whyNothingCleared(messages: readonly Message[], settings: Settings): string {
  const start = findBoundary(messages).start;
  const results = messages.slice(start).filter((m) => m.role === 'tool').length;
  const strategy = settings.strategy as HarnessId;
  const params = settings.harness[strategy] as unknown as Record<string, unknown>;
  return presetOf(strategy).nothingCleared?.(results, params) ?? `${results} tool results`;
}

/**
 * A preset that only clears in place: no model is called, the report says
 * what was cleared and what is left.
 */
async function clearOnly(loaded: Loaded, values: Values, io: Io): Promise<number> {
  const { imported, settings, shared } = loaded;
  if (typeof values.provider === 'string') {
    io.err(
      `compaction-playground: note: --strategy ${settings.strategy} clears in place and calls no model; --provider is not used`,
    );
  }
  const estimator = await estimatorFor(settings);
  const unseen = unseenFor(imported, settings, estimator).tokens;
  const { settings: effective, adjustments } = explainSettings({ ...settings, unseenTokens: unseen });
  const result = clearInPlace(imported.messages, effective, estimator)!;
  const cleared = result.plan.cleared;
  if (cleared.length === 0) {
    io.err(`compaction-playground: nothing to clear: ${whyNothingCleared(imported.messages, effective)}`);
    return EXIT_FAILURE;
  }
  // What the request holds besides the messages stays through the clearing.
  const tokensBefore = estimator.countMessages(imported.messages) + unseen;
  const tokensAfter = estimator.countMessages(result.messages) + unseen;
  if (values.json) {
    io.out(
      jsonDocument({
        strategy: effective.strategy,
        threshold: result.outcome.trigger.threshold,
        fires: result.outcome.fires,
        cleared,
        tokensBefore,
        tokensAfter,
        messagesBefore: imported.messages.length,
        messagesAfter: result.messages.length,
        messages: result.messages,
        adjustments,
        ...(shared ? { link: sharedDocument(shared) } : {}),
      }),
    );
    return EXIT_OK;
  }
  const freed = cleared.reduce((sum, c) => sum + c.tokensBefore - c.tokensAfter, 0);
  io.out(
    [
      ...(shared ? [`link        ${describeShared(shared)}`] : []),
      ...adjustments.map((adj, i) => `${i === 0 ? 'settings' : ''}`.padEnd(12) + describeAdjustment(adj)),
      `strategy    ${effective.strategy}: clears in place, no model called`,
      `cleared     ${cleared.length} message${cleared.length === 1 ? '' : 's'}, ${n(freed)} tokens: ${cleared.map((c) => `#${c.index}`).join(' ')}`,
      `tokens      ${n(tokensBefore)} → ${n(tokensAfter)}`,
      `messages    ${n(imported.messages.length)} → ${n(result.messages.length)} (every message keeps its place)`,
    ].join('\n'),
  );
  return EXIT_OK;
}

/**
 * A link's prompts are its sender's words, sent with the user's own file
 * under the user's key: used only with --link-prompts, and then printed
 * first; otherwise named on stderr and left out.
 */
function linkPrompts(carried: PromptOverrides, use: boolean, io: Io): PromptOverrides | undefined {
  const ids = PROMPT_IDS.filter((id) => carried[id] !== undefined);
  if (ids.length === 0) return undefined;
  const names = ids.map((id) => PROMPT_LABELS[id]).join(', ');
  if (!use) {
    io.err(
      `compaction-playground: the link carries prompts of its own (${names}); they are not used: the defaults apply. Pass --link-prompts to send them.`,
    );
    return undefined;
  }
  for (const id of ids) io.err(`compaction-playground: the link's ${PROMPT_LABELS[id]}:\n${carried[id]}`);
  return carried;
}

export async function compact(argv: string[], io: Io): Promise<number> {
  refuseKeyOptions(argv);
  const { values, positionals } = parse(argv, COMPACT_OPTIONS);
  if (values.help) {
    io.out(COMPACT_HELP);
    return EXIT_OK;
  }
  const promptFile: PromptOverrides | undefined =
    typeof values.prompt === 'string' ? await readPromptFile(values.prompt) : undefined;
  const loaded = await loadSource('compact', values, positionals, io);
  const prompts =
    promptFile ?? linkPrompts(loaded.shared?.prompts ?? {}, values['link-prompts'] === true, io);
  if (clearsOnly(loaded.settings.strategy ?? '')) return clearOnly(loaded, values, io);
  const stream = !values.json && io.stream ? new SummaryStream(io.stream, io.err) : null;
  const chosen = chooseSummarizer(values);
  const { imported, shared } = loaded;
  const estimator = await estimatorFor(loaded.settings);
  // The part of every request the file does not show: in the preset's decisions, before, after and "again".
  const unseen = unseenFor(imported, loaded.settings, estimator).tokens;
  const settings = { ...loaded.settings, unseenTokens: unseen };
  const compactor = createCompactor(chosen.summarizer, estimator, settings);
  if (!compactor)
    throw new UsageError("--window 0 turns compaction off: give the model's window with --window N");

  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.once('SIGINT', onInterrupt);
  let compacted: Result;
  try {
    compacted = await compactor.compact(imported.messages, {
      reason: 'manual',
      instructions: typeof values.instructions === 'string' ? values.instructions : undefined,
      prompts,
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

  const result = {
    ...compacted,
    tokensBefore: compacted.tokensBefore + unseen,
    tokensAfter: compacted.tokensAfter + unseen,
  };
  const { settings: effective, adjustments } = explainSettings(settings);
  const trigger = strategyTrigger(effective);
  const again = effective.enabled && triggers(trigger, result.tokensAfter);
  const card = values.eval ? judgeCompaction(imported.messages, result) : null;
  if (values.json) {
    io.out(
      jsonDocument({
        ...result,
        summarizer: chosen.summarizer.label,
        provider: chosen.provider,
        wouldCompactAgain: again,
        adjustments,
        ...(shared ? { link: sharedDocument(shared) } : {}),
        ...(card ? { eval: evalReport(card) } : {}),
      }),
    );
    return EXIT_OK;
  }
  if (result.summary === '') {
    // The preset cleared, and the context is under its threshold afterwards: it summarizes nothing.
    io.out(
      `${effective.strategy} cleared old tool output and summarized nothing: the context is under its threshold`,
    );
  } else if (stream) stream.finish(result.summary, result.degraded);
  else io.out(result.summary);
  io.out(`\n${renderResult(result, chosen, trigger, again, shared, adjustments)}`);
  if (card) io.out(`\n${renderEval(card)}`);
  return EXIT_OK;
}
