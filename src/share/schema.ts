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
import type { FileUsage } from '../core/fileUsage';
import type { Message } from '../core/message';
import { MAX_PROMPT_CHARS, type PromptOverrides } from '../core/prompts';
import { DEFAULT_SETTINGS, normalizeSettings, type Settings, type SettingsFields } from '../core/settings';
import { applyTyped, type Refusal } from '../core/settingsProblems';
import { presetAt } from '../providers/presets';
import { failure, type DecodeResult } from './errors';
import { SHARE_LIMITS } from './limits';
import { harnessParamsSchema, typedSettingsSchema } from './schemaSettings';

export { harnessParamsSchema, typedSettingsSchema };
import { minimalMessages } from './minimalColumns';
import { minimalSessionHistory } from './minimalSession';
import { minimalProblem, minimalTranscriptSchema } from './schemaMinimal';
import { index, label, many, nullableCount, text, tokenCount } from './schemaParts';
import {
  SHARE_FORMAT_ID,
  SHARE_PROVIDER_KINDS,
  SHARE_ROLES,
  SHARE_VERSION,
  type ShareMessage,
  type SharePayload,
  type SharePreview,
  type ShareProvider,
  type ShareSession,
  type ShareVariant,
} from './payload';

const unsentEntries = v.pipe(
  v.array(
    v.strictObject({
      kind: v.picklist(['reply', 'command']),
      chars: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.textChars)),
    }),
  ),
  v.maxLength(SHARE_LIMITS.messages),
);

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
  framingChars: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.textChars)),
  ),
  files: v.optional(
    v.strictObject({
      read: v.pipe(v.array(text), v.maxLength(SHARE_LIMITS.messages)),
      modified: v.pipe(v.array(text), v.maxLength(SHARE_LIMITS.messages)),
    }),
  ),
  keptAfter: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.messages))),
  unsentAfter: v.optional(unsentEntries),
  unsentBefore: v.optional(unsentEntries),
  opaqueTokens: v.optional(tokenCount),
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

/** The session over time (`ShareSession`); how its indices fit the messages is `sessionProblem`'s. */
const sessionSchema = v.strictObject({
  messages: v.pipe(v.array(messageSchema), v.maxLength(SHARE_LIMITS.messages)),
  compactions: many(
    v.strictObject({
      atMessage: index,
      contextAfter: many(index),
      trigger: v.nullable(v.picklist(['auto', 'manual'])),
      tokensBefore: nullableCount,
      tokensAfter: nullableCount,
      durationMs: v.optional(
        v.nullable(v.pipe(v.number(), v.minValue(0), v.maxValue(SHARE_LIMITS.durationMs))),
      ),
      durationSource: v.optional(v.picklist(['recorded', 'timestamps'])),
      source: label,
    }),
  ),
  calls: many(
    v.strictObject({
      atMessage: index,
      contextTokens: nullableCount,
      inputTokens: nullableCount,
      cacheReadTokens: nullableCount,
      cacheWriteTokens: nullableCount,
      outputTokens: nullableCount,
      model: v.optional(v.pipe(v.string(), v.maxLength(SHARE_LIMITS.modelChars))),
    }),
  ),
});

/** Every index of the session inside its messages, and compactions and calls in the order they happened. */
export function sessionProblem(session: ShareSession): { path: string; message: string } | null {
  const n = session.messages.length;
  const outside = (path: string, i: number) => ({ path, message: `message ${i} of ${n}` });
  for (let k = 0; k < session.compactions.length; k++) {
    const c = session.compactions[k];
    const path = `transcript.session.compactions[${k}]`;
    if (c.atMessage >= n) return outside(`${path}.atMessage`, c.atMessage);
    const j = c.contextAfter.findIndex((i) => i >= n);
    if (j >= 0) return outside(`${path}.contextAfter[${j}]`, c.contextAfter[j]);
    if (k > 0 && c.atMessage < session.compactions[k - 1].atMessage)
      return { path: `${path}.atMessage`, message: 'the compactions are not in the order they happened' };
  }
  for (let k = 0; k < session.calls.length; k++) {
    const at = session.calls[k].atMessage;
    if (at >= n) return outside(`transcript.session.calls[${k}].atMessage`, at);
    if (k > 0 && at < session.calls[k - 1].atMessage)
      return {
        path: `transcript.session.calls[${k}].atMessage`,
        message: 'the calls are not in the order they happened',
      };
  }
  return null;
}

const common = {
  v: v.literal(SHARE_VERSION),
  settings: v.optional(typedSettingsSchema),
  provider: v.optional(providerSchema),
  selectedIndex: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  preview: v.optional(previewSchema),
  prompts: v.optional(promptsSchema),
  unseen: v.optional(v.literal('inferred')),
};

export const sharePayloadSchema = v.variant('variant', [
  v.strictObject({
    ...common,
    variant: v.literal('full'),
    transcript: v.strictObject({
      name: v.optional(label),
      format: v.optional(
        v.pipe(v.string(), v.regex(SHARE_FORMAT_ID, 'Expected a format id like claude-code')),
      ),
      messages: v.pipe(v.array(messageSchema), v.maxLength(SHARE_LIMITS.messages)),
      session: v.optional(sessionSchema),
      usage: v.optional(
        v.strictObject({
          contextTokens: v.optional(tokenCount),
          inputTokens: v.optional(tokenCount),
          cachedInputTokens: v.optional(tokenCount),
          outputTokens: v.optional(tokenCount),
          reasoningTokens: v.optional(tokenCount),
          totalTokens: v.optional(
            v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
          ),
          contextWindow: v.optional(tokenCount),
          model: v.optional(v.pipe(v.string(), v.maxLength(SHARE_LIMITS.modelChars))),
          agentVersion: v.optional(v.pipe(v.string(), v.maxLength(SHARE_LIMITS.modelChars))),
        }),
      ),
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
  v.strictObject({
    ...common,
    variant: v.literal('minimal'),
    transcript: minimalTranscriptSchema,
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
  if (payload.variant === 'full' && payload.transcript.session) {
    const problem = sessionProblem(payload.transcript.session);
    if (problem) {
      return failure(
        'schema',
        `The ${from}'s contents are invalid at ${problem.path}: ${problem.message}.`,
        problem.path,
      );
    }
  }
  if (payload.variant === 'minimal') {
    const problem = minimalProblem(payload.transcript);
    if (problem) {
      return failure(
        'schema',
        `The ${from}'s contents are invalid at ${problem.path}: ${problem.message}.`,
        problem.path,
      );
    }
  }
  // A cross-field rule the per-field schema cannot state.
  const count =
    payload.variant === 'full'
      ? payload.transcript.messages.length
      : payload.variant === 'minimal'
        ? payload.transcript.roles.length
        : payload.transcript.messageCount;
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
  /**
   * The transcript, for a full or minimal link; null when the reader has to
   * load it. A minimal link's messages carry their counts (`Message.carried`).
   */
  messages: Message[] | null;
  transcriptName: string | null;
  /** For a settings-only link: what the loaded transcript must hash to. */
  expectedSha256: string | null;
  messageCount: number;
  /** The settings as the sender had them, defaults filled in, before normalization; none refused. */
  settingsInput: SettingsFields;
  /** Whether the link names a window: one it carries wins over the window of the file's model. */
  windowGiven: boolean;
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
  /** The format id of the sender's file, for a full or minimal link that names it. */
  format: string | null;
  /** What the sender's file recorded about its usage as a whole, for a full link that carries it. */
  fileUsage: FileUsage | null;
  /** The session over time, for a full or minimal link of a file that records one. */
  session: RestoredSession | null;
  /**
   * The part not in the file that the sender's file's usage measured, when
   * the link says its `unseenTokens` was inferred, not typed (null
   * otherwise): the transcript carries it as measured (`sharedTranscriptJson`),
   * and the page applies the settings without it.
   */
  unseenInferred: number | null;
}

/** The session over time as app state: messages restored, compactions and calls copied. */
export interface RestoredSession {
  messages: Message[];
  compactions: ShareSession['compactions'];
  calls: ShareSession['calls'];
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
  const messages =
    payload.variant === 'full'
      ? payload.transcript.messages.map(toMessage)
      : payload.variant === 'minimal'
        ? minimalMessages(payload.transcript)
        : null;
  return {
    variant: payload.variant,
    messages,
    transcriptName: payload.transcript.name ?? null,
    expectedSha256: payload.variant === 'settings-only' ? payload.transcript.sha256 : null,
    messageCount: messages ? messages.length : (payload.transcript as { messageCount: number }).messageCount,
    settingsInput,
    windowGiven: typeof payload.settings?.maxContextTokens === 'number',
    refusedSettings: refused,
    settings: normalizeSettings(settingsInput),
    provider: payload.provider ? { ...payload.provider } : null,
    providerNeedsConfirmation: payload.provider ? !isPresetBaseUrl(payload.provider) : false,
    selectedIndex: payload.selectedIndex ?? null,
    preview: payload.preview ? structuredClone(payload.preview) : null,
    prompts: { ...payload.prompts },
    format: payload.variant === 'settings-only' ? null : (payload.transcript.format ?? null),
    fileUsage:
      payload.variant === 'full' && payload.transcript.usage ? { ...payload.transcript.usage } : null,
    session: restoredSession(payload, messages),
    unseenInferred:
      payload.unseen === 'inferred' && typeof settingsInput.unseenTokens === 'number'
        ? settingsInput.unseenTokens
        : null,
  };
}

/** The session over time a full or minimal link carries; a minimal one's around its restored messages. */
function restoredSession(payload: SharePayload, messages: Message[] | null): RestoredSession | null {
  if (payload.variant === 'minimal')
    return payload.transcript.session && messages
      ? minimalSessionHistory(payload.transcript.session, messages)
      : null;
  if (payload.variant !== 'full' || !payload.transcript.session) return null;
  const { session } = payload.transcript;
  return {
    messages: session.messages.map(toMessage),
    compactions: structuredClone(session.compactions),
    calls: structuredClone(session.calls),
  };
}

/**
 * The transcript a full or minimal link carries, as the playground's own JSON
 * (`formats/canonical.ts`): what the page loads and the CLI imports, so both
 * read a link through the one importer. It names the sender's format and
 * carries the session over time when the link does. Null for a settings-only link.
 */
export function sharedTranscriptJson(restored: RestoredShare): string | null {
  if (!restored.messages) return null;
  return JSON.stringify({
    format: 'compaction-playground',
    version: 1,
    ...(restored.format ? { sourceFormat: restored.format } : {}),
    messages: restored.messages,
    ...(restored.session ? { history: restored.session } : {}),
    ...(restored.fileUsage ? { usage: restored.fileUsage } : {}),
    ...(restored.unseenInferred !== null ? { unseenTokens: restored.unseenInferred } : {}),
  });
}
