/**
 * `compaction-playground/core`: the compaction an agent runs, the same modules
 * the playground and the CLI run. Settings, token estimates, the cut
 * strategies and harness presets, prepare, the compactor and its summarizer
 * interface, apply, checkpoints and overflow detection. Pure TypeScript: no
 * DOM, no Node modules, no network (a summarizer comes in from outside).
 *
 * This is the package's public surface; docs/api.md describes every name.
 */

// The conversation.
export type { Message, Role, SourceRef, ToolCall, UnsentEntry } from './message';

// Settings, threshold and budgets.
export {
  CUT_STRATEGIES,
  DEFAULT_KEEP_RECENT_TOKENS,
  DEFAULT_RESERVE_TOKENS,
  DEFAULT_SETTINGS,
  DEFAULT_STALL_TIMEOUT_MS,
  MAX_SCALE,
  MIN_SCALE,
  MIN_SUMMARY_TOKENS,
  STRATEGIES,
  explainSettings,
  isCutStrategy,
  normalizeSettings,
  shouldCompact,
  summarizerInputBudget,
  summaryBudget,
  threshold,
  turnPrefixBudget,
} from './settings';
export type {
  Adjustment,
  CutStrategy,
  NormalizedSettings,
  Settings,
  SettingsFields,
  SettingsInput,
  Strategy,
} from './settings';
export { settingsProblems } from './settingsProblems';
export type { SettingField, SettingProblem } from './settingsProblems';
export { MODEL_PRESETS, findModelPreset, settingsForModel } from './models';
export type { ModelPreset } from './models';

// Token estimates.
export { createEstimator, loadEstimator } from './estimate';
export type { Estimator } from './estimate';
export { TOKENIZERS, countChars4, loadTokenizer } from './tokenizer';
export type { TextCounter, TokenizerId } from './tokenizer';
export { calibrate } from './calibration';
export type { Calibration } from './calibration';

// Where to cut, and what the agents' presets would do.
export { findCutPoint } from './cutPoint';
export type { CutPoint } from './cutPoint';
export { DEFAULT_HARNESS_PARAMS } from './harness/params';
export type { HarnessParamsInput } from './harness/params';
export {
  CLEARING_ONLY,
  HARNESSES,
  PRESETS,
  clearsOnly,
  harnessTrigger,
  isHarness,
  paramSpecs,
  presetOf,
} from './harness/registry';
export type { HarnessId, HarnessParams, SomePreset } from './harness/registry';
export type { ParamOption, ParamRule, ParamSpec, Preset } from './harness/preset';
export { triggers } from './harness/preset';
export type { Trigger } from './harness/preset';
export type { Clearing } from './harness/preset';
export { applyClearings, clearInPlace } from './applyClearings';
export type { ClearedMessages } from './applyClearings';
export { analyze, shapeOf, strategyOutcome, strategyTrigger } from './analysis';
export type { Analysis, CountedShape, StrategyOutcome, TranscriptShape } from './analysis';
export { LIKELY_MISSING_MIN_TOKENS, LIKELY_MISSING_RATIO, resolveUnseen, splitUnseen } from './unseen';
export type { KnownSource, Unseen, UnseenSource, UnseenSplit } from './unseen';
export {
  describeOverflow,
  describeVerdict,
  explainNothingToCompact,
  ifItFired,
  keptOverBudget,
} from './explain';
export type { NothingReason, VerdictInput, WouldInput } from './explain';
export type { Fate } from './fates';

// Prepare, summarize, apply.
export { findBoundary, prepare } from './prepare';
export type { Boundary, CompactionPlan, Preparation, Range } from './prepare';
export {
  DEFAULT_PROMPTS,
  MAX_PROMPT_CHARS,
  NO_PRIOR_HISTORY,
  PROMPT_IDS,
  PROMPT_LABELS,
  SPLIT_TURN_SEPARATOR,
  SUMMARIZER_SYSTEM_PROMPT,
  SUMMARY_HEADINGS,
  buildSummarizationPrompt,
  readPromptOverrides,
  resolvePrompts,
} from './prompts';
export type { PromptId, PromptOverrides, SummaryPrompts } from './prompts';
export { serializeConversation } from './serialize';
export { SummarizerError, isFatalSummarizerError } from './summarizer';
export type {
  Summarizer,
  SummarizerErrorKind,
  SummaryChunk,
  SummaryPart,
  SummaryRequest,
  Usage,
} from './summarizer';
export { SUMMARY_ATTEMPTS, SUMMARY_TEMPERATURE } from './summarize';
export type { CompactionEvent } from './summarize';
export { apply } from './apply';
export { SUMMARY_LEAD_IN, isSummaryMessage, summaryMessage, unwrapSummary } from './summaryEnvelope';

// The compactor, its result and checkpoint.
export { createCompactor } from './compactor';
export type { Checkpoint, CompactOptions, Compactor, Reason, Result } from './compactor';
export {
  CompactionAbortedError,
  InvalidSummaryError,
  NothingToCompactError,
  StallError,
  errorText,
} from './errors';

// Overflow.
export { OVERFLOW_PATTERNS, isOverflowError, matchOverflow, responseHitContextLimit } from './overflow';
export type { OverflowMatch, OverflowPattern, ResponseShape } from './overflow';

// Judging a summary: the facts that must survive, and how many did.
export { FACT_KINDS, FACT_KIND_LABELS, extractFacts } from './eval/facts';
export type { Fact, FactKind } from './eval/facts';
export { scoreSummary, tokensRemovedPct } from './eval/score';
export type { KindScore, Scorecard, ScoredFact } from './eval/score';
export { judgeCompaction } from './eval/judge';
export { evalReport } from './eval/report';
export type { EvalReport } from './eval/report';

// The session over time: recorded history, calls, replay and where the tokens went.
export type { CompactionTrigger, RecordedCall, RecordedCompaction, SessionHistory } from './session/history';
export { historyOf, sessionCalls, sessionShapeOf } from './session/calls';
export type { SessionCall, SessionShape } from './session/calls';
export {
  lastRecordedPoint,
  positionInContext,
  recordedContext,
  recordedCurve,
  unrecordedTokens,
} from './session/recorded';
export type { RecordedPoint } from './session/recorded';
export { countSession, measuredUnseen, measureUnseen } from './session/counted';
export type { UnseenMeasure } from './session/counted';
export { recordedUsage, usageOf } from './session/usage';
export type { CallSizes, RecordedUsage } from './session/usage';
export type { CountedSession } from './session/counted';
export { replay } from './session/replay';

// The ledger of the compactions a session recorded: what each kept and lost, re-reads, cost, loops.
export { compactionFacts, compactionLedger, compactionParts } from './ledger/ledger';
export type { CompactionParts, Ledger, LedgerEntry, LedgerOptions, Reread } from './ledger/ledger';
export { ledgerDocument } from './ledger/document';
export { billLine, billTotalLine } from './ledger/bill';
export type { BillTotal, CompactionBill } from './ledger/bill';
export type { LedgerDocument, LedgerEntryDocument } from './ledger/document';
export { factTexts, LEDGER_KINDS } from './ledger/kinds';
export type { FactSurvival, LedgerFact, LedgerKind } from './ledger/kinds';
export type { CompactionCost, LedgerPrice } from './ledger/cost';
export type { CompactionLoop } from './ledger/loops';
export { compareStrategies, strategiesAt, strategiesOfSession } from './ledger/strategies';
export type { StrategyAtCompaction, StrategyComparison } from './ledger/strategies';
export { factLoss, factLossLine, survivalLine } from './ledger/survival';
export type { FactLoss, Survival } from './ledger/survival';
export type {
  ReplayCompaction,
  ReplayOptions,
  ReplayResult,
  ReplaySummary,
  ReplaySummaryRequest,
} from './session/replay';
export { breakdownOf } from './session/breakdown';
export { compactionLine } from './session/compactionLine';

// A session as it grows: how far the next compaction is.
export {
  RECENT_CALLS,
  contextTokensOf,
  liveReport,
  recentTokensPerCall,
  tokensUntil,
} from './nextCompaction';
export type { LiveReport, NextCompaction } from './nextCompaction';
export { StableMessages, sameMessage } from './stableMessages';
export type { Breakdown, Category, CategoryKind } from './session/breakdown';
