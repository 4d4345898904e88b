/**
 * How large any part of a shared payload may be. One table, read by the
 * schema that enforces it and by the builder that keeps within it.
 */
import type { Settings } from '../core/settings';

/** The inflated JSON of a link; a 2 MB fragment of zeros could otherwise inflate to 1.5 GB. */
export const MAX_INFLATED_BYTES = 20 * 1024 * 1024;
/** A repro bundle holds what a link may inflate to. */
export const MAX_BUNDLE_CHARS = MAX_INFLATED_BYTES;

export const SHARE_LIMITS = {
  /** Well past the 50,000 messages the playground is built for. */
  messages: 100_000,
  /** One text field of one message; the 20 MB cap bounds the total. */
  textChars: 5_000_000,
  /** Ids, names, tool names, turn ids, the transcript name. */
  labelChars: 512,
  toolCallsPerMessage: 1_000,
  /** Tool calls in a whole minimal transcript. */
  toolCallsPerTranscript: 1_000_000,
  images: 10_000,
  modelChars: 256,
  baseUrlChars: 2_048,
  summaryChars: 1_000_000,
  /** Any token count in settings or usage. */
  tokens: 100_000_000,
  /** A day: longer than any stall anyone means to wait for. */
  stallTimeoutMs: 86_400_000,
  scale: 10,
  /** A recorded compaction's duration: a week is longer than any session. */
  durationMs: 604_800_000,
} as const;

/**
 * Link lengths where links start to break in practice (the reasons are in
 * `measure.ts`): up to the first a link pastes anywhere, up to the second
 * most chats and trackers take it.
 */
export const LINK_PASTES_ANYWHERE = 2_000;
export const LINK_WORKS_MOSTLY = 8_000;

/**
 * The magnitude each numeric setting may have in a payload. Settings travel as
 * typed, so the bounds are generous; they exist so that one absurd field
 * cannot make the rest of the link unreadable.
 */
export const TYPED_SETTING_LIMITS = {
  maxContextTokens: SHARE_LIMITS.tokens,
  reserveTokens: SHARE_LIMITS.tokens,
  keepRecentTokens: SHARE_LIMITS.tokens,
  maxSummaryTokens: SHARE_LIMITS.tokens,
  stallTimeoutMs: SHARE_LIMITS.stallTimeoutMs,
  scale: SHARE_LIMITS.scale,
  unseenTokens: SHARE_LIMITS.tokens,
} as const satisfies Partial<Record<keyof Settings, number>>;
