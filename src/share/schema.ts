/**
 * Validation of a decoded payload, and `restoreShare`, the one way a payload
 * becomes app state.
 *
 * A link is written by anyone and opened by someone else, so every field is
 * checked for type, range and length before the app sees it: the 20 MB cap
 * bounds memory, these limits bound what one field can do to the page (a
 * 10 MB model name, an index past the transcript, a strategy this build does
 * not know). Objects are strict: a field this version does not know means the
 * link is not one of ours, and is rejected rather than silently dropped.
 */
import * as v from 'valibot';
import type { Message } from '../core/message';
import { MAX_PROMPT_CHARS, type PromptOverrides } from '../core/prompts';
import {
  DEFAULT_SETTINGS,
  normalizeSettings,
  STRATEGIES,
  TOKENIZERS,
  type Settings,
  type SettingsFields,
} from '../core/settings';
import { HARNESSES } from '../core/harness/ids';
import {
  HARNESS_PARAM_RULES,
  MAX_HARNESS_TOKENS,
  MAX_TOOL_NAME_CHARS,
  MAX_TOOL_NAMES,
  type HarnessParamsInput,
  type ParamRule,
} from '../core/harness/params';
import { applyTyped, type Refusal } from '../core/settingsProblems';
import { presetAt } from '../providers/presets';
import { failure, type DecodeResult } from './errors';
import { SHARE_LIMITS, TYPED_SETTING_LIMITS } from './limits';
import {
  SHARE_PROVIDER_KINDS,
  SHARE_ROLES,
  SHARE_VERSION,
  type ShareMessage,
  type SharePayload,
  type SharePreview,
  type ShareProvider,
  type ShareVariant,
} from './payload';

const label = v.pipe(v.string(), v.maxLength(SHARE_LIMITS.labelChars));
const text = v.pipe(v.string(), v.maxLength(SHARE_LIMITS.textChars));
const tokenCount = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.tokens));

const toolCallSchema = v.strictObject({ id: label, name: label, arguments: text });

const messageSchema = v.strictObject({
  id: label,
  role: v.picklist(SHARE_ROLES),
  content: text,
  reasoning: v.optional(text),
  toolCalls: v.optional(v.pipe(v.array(toolCallSchema), v.maxLength(SHARE_LIMITS.toolCallsPerMessage))),
  toolCallId: v.optional(label),
  toolName: v.optional(label),
  name: v.optional(label),
  images: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.images))),
  kind: v.optional(v.literal('summary')),
  turnId: v.optional(label),
});

/**
 * Settings travel as the sender typed them, before normalization: the reader's
 * settings panel then shows the same adjustments ("keep-recent of 0 or less
 * takes the default") the sender saw. So a number may be negative or
 * fractional here; the limits only bound its size, and `restoreShare` runs
 * the normal rules over it: a value the settings refuse (a reserve at or
 * above the window) is not applied but reported, as if typed on the page.
 */
function typedNumber(limit: number) {
  return v.pipe(v.number(), v.minValue(-limit), v.maxValue(limit));
}

function harnessParamSchema(rule: ParamRule) {
  switch (rule.kind) {
    case 'count':
    case 'fraction':
      return typedNumber(MAX_HARNESS_TOKENS);
    case 'flag':
      return v.boolean();
    case 'tools':
      return v.pipe(
        v.array(v.pipe(v.string(), v.maxLength(MAX_TOOL_NAME_CHARS))),
        v.maxLength(MAX_TOOL_NAMES),
      );
  }
}

/**
 * The presets' parameters, as typed: each preset an object of its own
 * parameters (the rules of `HARNESS_PARAM_RULES`), any subset. Built from that
 * table, so a parameter added there is accepted here; the cast only names the
 * type the table describes.
 */
export const harnessParamsSchema = v.strictObject(
  Object.fromEntries(
    HARNESSES.map((harness) => [
      harness,
      v.optional(
        v.strictObject(
          Object.fromEntries(
            Object.entries(HARNESS_PARAM_RULES[harness]).map(([name, rule]) => [
              name,
              v.optional(harnessParamSchema(rule as ParamRule)),
            ]),
          ),
        ),
      ),
    ]),
  ),
) as unknown as v.GenericSchema<unknown, HarnessParamsInput>;

export const typedSettingsSchema = v.strictObject({
  enabled: v.optional(v.boolean()),
  maxContextTokens: v.optional(typedNumber(TYPED_SETTING_LIMITS.maxContextTokens)),
  reserveTokens: v.optional(typedNumber(TYPED_SETTING_LIMITS.reserveTokens)),
  keepRecentTokens: v.optional(typedNumber(TYPED_SETTING_LIMITS.keepRecentTokens)),
  maxSummaryTokens: v.optional(typedNumber(TYPED_SETTING_LIMITS.maxSummaryTokens)),
  stallTimeoutMs: v.optional(typedNumber(TYPED_SETTING_LIMITS.stallTimeoutMs)),
  strategy: v.optional(v.picklist(STRATEGIES)),
  tokenizer: v.optional(v.picklist(TOKENIZERS)),
  scale: v.optional(typedNumber(TYPED_SETTING_LIMITS.scale)),
  harness: v.optional(harnessParamsSchema),
});

/**
 * Only http(s), or empty for providers without one (offline): the page may
 * show the URL as a link, and a preview sends requests to it.
 */
function isHttpUrlOrEmpty(value: string): boolean {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const providerSchema = v.strictObject({
  kind: v.picklist(SHARE_PROVIDER_KINDS),
  model: v.pipe(v.string(), v.maxLength(SHARE_LIMITS.modelChars)),
  baseUrl: v.pipe(
    v.string(),
    v.maxLength(SHARE_LIMITS.baseUrlChars),
    v.check(isHttpUrlOrEmpty, 'Expected an http or https URL'),
  ),
});

const usageSchema = v.strictObject({
  promptTokens: tokenCount,
  completionTokens: tokenCount,
  cachedTokens: v.optional(tokenCount),
  reasoningTokens: v.optional(tokenCount),
});

const previewSchema = v.strictObject({
  summary: v.pipe(v.string(), v.maxLength(SHARE_LIMITS.summaryChars)),
  degraded: v.boolean(),
  splitTurn: v.boolean(),
  usage: v.optional(usageSchema),
});

const promptText = v.pipe(v.string(), v.maxLength(MAX_PROMPT_CHARS));
const promptsSchema = v.strictObject({
  system: v.optional(promptText),
  initial: v.optional(promptText),
  update: v.optional(promptText),
  turnPrefix: v.optional(promptText),
});

const common = {
  v: v.literal(SHARE_VERSION),
  settings: v.optional(typedSettingsSchema),
  provider: v.optional(providerSchema),
  selectedIndex: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  preview: v.optional(previewSchema),
  prompts: v.optional(promptsSchema),
};

export const sharePayloadSchema = v.variant('variant', [
  v.strictObject({
    ...common,
    variant: v.literal('full'),
    transcript: v.strictObject({
      name: v.optional(label),
      messages: v.pipe(v.array(messageSchema), v.maxLength(SHARE_LIMITS.messages)),
    }),
  }),
  v.strictObject({
    ...common,
    variant: v.literal('settings-only'),
    transcript: v.strictObject({
      name: label,
      sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'Expected 64 lowercase hex digits')),
      messageCount: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.messages)),
    }),
  }),
]);

// The schema and the hand-written payload types must describe the same shape.
const _sameShape: v.GenericSchema<unknown, SharePayload> = sharePayloadSchema;
void _sameShape;

/** `transcript.messages[3].role`: the path as a reader of the JSON would write it. */
export function formatIssuePath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = item.key;
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** What the user opened, for messages: a link or a bundle file. */
export type ShareSourceKind = 'link' | 'file';

/** Validates decoded JSON against the current version's schema. */
export function validateSharePayload(json: unknown, from: ShareSourceKind = 'link'): DecodeResult {
  const result = v.safeParse(sharePayloadSchema, json, { abortEarly: true });
  if (!result.success) {
    const issue = result.issues[0];
    const path = formatIssuePath(issue);
    const where = path ? ` at ${path}` : '';
    return failure(
      'schema',
      `The ${from}'s contents are invalid${where}: ${issue.message}.`,
      path || undefined,
    );
  }
  const payload = result.output;
  // A cross-field rule the per-field schema cannot state.
  const count =
    payload.variant === 'full' ? payload.transcript.messages.length : payload.transcript.messageCount;
  if (payload.selectedIndex !== undefined && payload.selectedIndex >= count) {
    return failure(
      'schema',
      `The ${from}'s contents are invalid at selectedIndex: message ${payload.selectedIndex} was selected but the transcript has ${count} messages.`,
      'selectedIndex',
    );
  }
  return { ok: true, payload };
}

/** A validated payload as the app uses it: defaults filled in, settings normalized. */
export interface RestoredShare {
  variant: ShareVariant;
  /** The transcript, for a full link; null when the reader has to load it. */
  messages: Message[] | null;
  transcriptName: string | null;
  /** For a settings-only link: what the loaded transcript must hash to. */
  expectedSha256: string | null;
  messageCount: number;
  /** The settings as the sender had them, defaults filled in, before normalization; none refused. */
  settingsInput: SettingsFields;
  /** The sender's values the settings refuse, with why: their defaults apply instead. */
  refusedSettings: Refusal[];
  /** What the core computes with: `normalizeSettings` of the above. */
  settings: Settings;
  provider: ShareProvider | null;
  /**
   * True when the link names a base URL that no built-in preset of its kind
   * uses. Whoever wrote the link chose that server, so the page must ask
   * before sending a key the reader has stored for this provider kind there.
   */
  providerNeedsConfirmation: boolean;
  selectedIndex: number | null;
  preview: SharePreview | null;
  /** The sender's edited prompts; empty when the link carries none (the defaults apply). */
  prompts: PromptOverrides;
}

/** Whether a shared provider points where a built-in preset of its kind does (or needs no server at all). */
export function isPresetBaseUrl(provider: ShareProvider): boolean {
  if (provider.kind === 'offline' || provider.baseUrl === '') return true;
  return presetAt(provider.kind, provider.baseUrl) !== undefined;
}

function toMessage(message: ShareMessage): Message {
  const out: Message = { ...message };
  if (message.toolCalls) out.toolCalls = message.toolCalls.map((call) => ({ ...call }));
  return out;
}

/**
 * Turns a validated payload into app state. Opening a link never calls a
 * model: the preview comes back as data, and running a new one is the user's
 * click.
 */
export function restoreShare(payload: SharePayload): RestoredShare {
  const { settings: settingsInput, refused } = applyTyped(DEFAULT_SETTINGS, payload.settings ?? {});
  const full = payload.variant === 'full';
  return {
    variant: payload.variant,
    messages: full ? payload.transcript.messages.map(toMessage) : null,
    transcriptName: payload.transcript.name ?? null,
    expectedSha256: full ? null : payload.transcript.sha256,
    messageCount: full ? payload.transcript.messages.length : payload.transcript.messageCount,
    settingsInput,
    refusedSettings: refused,
    settings: normalizeSettings(settingsInput),
    provider: payload.provider ? { ...payload.provider } : null,
    providerNeedsConfirmation: payload.provider ? !isPresetBaseUrl(payload.provider) : false,
    selectedIndex: payload.selectedIndex ?? null,
    preview: payload.preview ? structuredClone(payload.preview) : null,
    prompts: { ...payload.prompts },
  };
}
