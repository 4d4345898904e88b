/**
 * `compaction-playground/providers`: summarizers for the core's compactor,
 * for Node and browsers alike (`fetch` and streams only). A provider as a
 * `Summarizer`, the offline summarizer that needs no model, and the one-call
 * stream, error descriptions and token counts they are built on.
 *
 * This is the package's public surface; docs/api.md describes every name.
 */

export { createProviderSummarizer, ProviderError } from './summarizer';
export type { ProviderSummarizerOptions } from './summarizer';
export { createOfflineSummarizer, OFFLINE_LABEL } from './offline';
export { offlineReplaySummarizer } from './replaySummary';
export { baseUrlProblem } from './config';
export type { PresetId, ProviderConfig, ProviderKind } from './config';
export { PROVIDER_PRESETS, findPreset, presetFor } from './presets';
export type { ProviderPreset } from './presets';
export { missingFields } from './readiness';
export type { ProviderField, ProviderFields } from './readiness';
export { buildProviderRequest, streamProviderEvents } from './stream';
export type { FetchLike, StreamOptions } from './stream';
export type { ProviderCall, ProviderEvent, ProviderErrorEvent, ProviderHttpRequest } from './events';
export { redactRequest } from './keyRedaction';
export { describeProviderError } from './describeError';
export type { DescribeContext, ProviderErrorCategory, ProviderErrorDescription } from './describeError';
export { COUNTING_KINDS, canCount, countExactly, countProviderTokens } from './countTokens';
export type { CountOptions } from './countTokens';
export { estimateCost, estimateSessionCost, findModelPrice, ledgerPrice } from './prices';
export type { CostEstimate, ModelPrice, SessionTokens } from './prices';
