/**
 * What a share link carries, and the one function allowed to build it.
 *
 * The payload is assembled from an explicit allow-list, field by field, never
 * by copying an object and deleting what looks sensitive: a field added to the
 * settings or provider store later (a key, a header, an organization id) then
 * stays out of links until someone decides it belongs in them.
 *
 * The in-memory payload is exactly the JSON that is encoded, so the schema,
 * the bundle file and the link all describe one shape.
 */
import { readFileUsage, type FileUsage } from '../core/fileUsage';
import type { Message, Role } from '../core/message';
import type { SettingsInput } from '../core/settings';
import { promptChanges, type PromptOverrides } from '../core/prompts';
import type { Usage } from '../core/summarizer';
import type { RecordedCall, RecordedCompaction, SessionHistory } from '../core/session/history';
import type { ProviderKind } from '../providers/config';
import { linkSettings, sanitizeBaseUrl, stripDefaultSettings } from './linkSettings';

export { linkSettings, sanitizeBaseUrl, stripDefaultSettings };

/** The payload version this code writes. Older ones are migrated on decode. */
export const SHARE_VERSION = 3;

/**
 * Provider families a link may name: the preview's protocols plus the offline
 * summarizer. Listed as data because a link naming a family this build does
 * not know must be rejected, not passed to the UI.
 */
export const SHARE_PROVIDER_KINDS = [
  'offline',
  'openai',
  'openai-compatible',
  'openai-responses',
  'anthropic',
  'gemini',
  'ollama',
] as const satisfies readonly (ProviderKind | 'offline')[];
export type ShareProviderKind = (typeof SHARE_PROVIDER_KINDS)[number];

// A provider family added to the preview must be added above, or its links would not open.
const _everyKindShareable: [Exclude<ProviderKind, ShareProviderKind>] extends [never] ? true : false = true;
void _everyKindShareable;

export const SHARE_ROLES: readonly Role[] = ['system', 'user', 'assistant', 'tool'];

/** A message as it travels in a link: `Message` without `source`, which points into a file the reader lacks. */
export type ShareMessage = Omit<Message, 'source'>;

export interface ShareProvider {
  kind: ShareProviderKind;
  model: string;
  baseUrl: string;
}

/** The last preview, so a bug report can show the summary that was produced. */
export interface SharePreview {
  summary: string;
  degraded: boolean;
  splitTurn: boolean;
  usage?: Usage;
}

export interface SharePayloadCommon {
  /** Only the fields that differ from `DEFAULT_SETTINGS`; absent when none do. */
  settings?: SettingsInput;
  provider?: ShareProvider;
  /** Index of the selected message in the transcript. */
  selectedIndex?: number;
  preview?: SharePreview;
  /** The summarization prompts the sender edited (only those that differ from the defaults). */
  prompts?: PromptOverrides;
  /**
   * `inferred`: the settings' `unseenTokens` is what the sender's file's
   * recorded usage measured, not a size anybody typed; the reader's page says
   * "not explained by the file (inferred)", as the sender's did. Absent: typed.
   */
  unseen?: 'inferred';
}

/** A recorded compaction as it travels: without the line, which points into a file the reader lacks. */
export type ShareCompaction = Omit<RecordedCompaction, 'line'>;

/**
 * The session over time, for a file that records more than the context it
 * ends with: every message in the order it happened (those a compaction hid
 * too, and each real summary), the compactions, and the usage of every model
 * call. With it the reader's "Session over time", replay and ledger are the
 * sender's; without it they only have the context now.
 */
export interface ShareSession {
  messages: ShareMessage[];
  compactions: ShareCompaction[];
  calls: RecordedCall[];
}

export interface FullSharePayload extends SharePayloadCommon {
  v: typeof SHARE_VERSION;
  variant: 'full';
  transcript: {
    name?: string;
    /**
     * The format id of the file the sender loaded (`claude-code`), so the
     * reader sees its name; a word of lowercase letters and dashes.
     */
    format?: string;
    messages: ShareMessage[];
    session?: ShareSession;
    usage?: FileUsage;
  };
}

/**
 * Everything but the messages: small enough for a chat message. The reader
 * loads the file named here, and the hash confirms it is the same transcript.
 */
export interface SettingsOnlySharePayload extends SharePayloadCommon {
  v: typeof SHARE_VERSION;
  variant: 'settings-only';
  transcript: { name: string; sha256: string; messageCount: number };
}

/** One message's text in a minimal link: whole, or the start of it (`part`). */
export interface MinimalText {
  /** The message's index. */
  i: number;
  content?: string;
  reasoning?: string;
  /** Each tool call's arguments, in call order (fewer when the rest are left out). */
  args?: string[];
  /** Set when only a part of the message's text is here. */
  part?: true;
}

/** A minimal link's transcript: number columns packed into strings (the format is in `minimal.ts`). */
export interface MinimalTranscript {
  name?: string;
  roles: string;
  tokens: string;
  summaries?: string;
  turns?: [string, number][];
  reasoning?: string;
  calls?: string;
  callNames?: string[];
  callTokens?: string;
  answers?: string;
  bare?: string;
  masked?: string;
  chars?: string;
  toolNames?: [number, string][];
  /** The entries pi weighs but never sends: [the message they follow (−1: none), characters, kind]. */
  unsent?: [number, number, 'reply' | 'command'][];
  /** pi: a summary's kept count (`Message.keptAfter`), by message index. */
  keptAfter?: [number, number][];
  /** pi: the files a summary's compaction recorded (`Message.files`): index, read, modified. */
  files?: [number, string[], string[]][];
  texts?: MinimalText[];
  /** The sender's format id (`claude-code`), as a full link names it. */
  format?: string;
  /** The session over time, when the file records more than the context now (`minimalSession.ts`). */
  session?: MinimalSession;
}

/** A recorded compaction in a minimal link: message, tokens before and after, trigger, source, context after. */
export type MinimalCompaction =
  | [number, number | null, number | null, 'auto' | 'manual' | null, string]
  | [number, number | null, number | null, 'auto' | 'manual' | null, string, number[]];

/**
 * The session over time in a minimal link: where the context's messages sit
 * in it, the shape and count of the messages a compaction hid, each recorded
 * call's usage and each compaction. Number columns are packed as in the
 * transcript (the format is in `minimalSession.ts`).
 */
export interface MinimalSession {
  /** Runs of the session's messages the context holds, in the context's order: [first, count]. */
  at: [number, number][];
  /** One letter per message of the session not in the context now, in order. */
  roles: string;
  /** Their counts. */
  tokens: string;
  /** The summaries among them, as indices into the session. */
  summaries?: string;
  /** Each recorded call's message in the session, as the step from the previous call's. */
  calls: string;
  input: string;
  cacheRead: string;
  cacheWrite: string;
  output: string;
  context: string;
  /** The calls' models, as runs: [model, calls] ("" for none). */
  models?: [string, number][];
  compactions?: MinimalCompaction[];
}

/**
 * Every message's shape and counts, and the text of only a few: short enough
 * to paste anywhere, and it reproduces the same counts, cuts, fates and
 * verdict, because counts, not text, decide them. The format of `transcript`
 * is described in `minimal.ts`.
 */
export interface MinimalSharePayload extends SharePayloadCommon {
  v: typeof SHARE_VERSION;
  variant: 'minimal';
  transcript: MinimalTranscript;
}

export type SharePayload = FullSharePayload | SettingsOnlySharePayload | MinimalSharePayload;
export type ShareVariant = SharePayload['variant'];

/**
 * The provider as the builder accepts it. The `never` fields make the type
 * checker reject a provider config that still carries its key, so the key has
 * to be dropped where it is visible, not trusted to be dropped here.
 */
export interface ShareProviderInput {
  kind: ShareProviderKind;
  model: string;
  baseUrl: string;
  apiKey?: never;
  key?: never;
  /** Custom headers can carry credentials too. */
  extraHeaders?: never;
}

/** What the app hands over when the user asks for a link. */
export interface ShareSource {
  messages: readonly Message[];
  transcriptName?: string;
  /** The format id of the loaded file (`FormatId`). */
  format?: string;
  /** The session over time, when the file records one (`ImportResult.history`). */
  history?: SessionHistory | null;
  /** What the file recorded about its usage as a whole (`ImportResult.usage`). */
  usage?: FileUsage;
  settings: SettingsInput;
  provider?: ShareProviderInput | null;
  selectedIndex?: number | null;
  preview?: SharePreview | null;
  prompts?: PromptOverrides | null;
  /** The settings' part not in the file was measured from the file's usage (`linkSettings`), not typed. */
  unseenInferred?: boolean;
}

/** Copies only the allow-listed message fields, in a fixed order (the hash depends on it). */
export function toShareMessage(message: Message): ShareMessage {
  const out: ShareMessage = { id: message.id, role: message.role, content: message.content };
  if (message.reasoning !== undefined) out.reasoning = message.reasoning;
  if (message.toolCalls !== undefined) {
    out.toolCalls = message.toolCalls.map((call) => ({
      id: call.id,
      name: call.name,
      arguments: call.arguments,
    }));
  }
  if (message.toolCallId !== undefined) out.toolCallId = message.toolCallId;
  if (message.toolName !== undefined) out.toolName = message.toolName;
  if (message.name !== undefined) out.name = message.name;
  if (message.images !== undefined) out.images = message.images;
  if (message.kind !== undefined) out.kind = message.kind;
  if (message.turnId !== undefined) out.turnId = message.turnId;
  // What the pi importer learned from the file: pi's weights, and its compaction's files and kept count.
  if (message.framingChars !== undefined) out.framingChars = message.framingChars;
  if (message.files !== undefined)
    out.files = { read: [...message.files.read], modified: [...message.files.modified] };
  if (message.keptAfter !== undefined) out.keptAfter = message.keptAfter;
  // The entries pi weighs but never sends, which move the `pi` strategy's cut.
  if (message.unsentAfter !== undefined) out.unsentAfter = message.unsentAfter.map((e) => ({ ...e }));
  if (message.unsentBefore !== undefined) out.unsentBefore = message.unsentBefore.map((e) => ({ ...e }));
  // Encrypted reasoning and summaries have no text to count again: their size travels.
  if (message.opaqueTokens !== undefined) out.opaqueTokens = message.opaqueTokens;
  return out;
}

/**
 * Whether a history adds anything to the context now: a compaction, a call's
 * usage, or a message the context no longer holds. A plain chat's history is
 * its messages, and a link need not carry them twice.
 */
export function recordsMore(history: SessionHistory, messages: readonly Message[]): boolean {
  return (
    history.compactions.length > 0 || history.calls.length > 0 || history.messages.length !== messages.length
  );
}

/** The history's fields a link carries: the allow-listed message fields, the compactions without lines. */
export function toShareSession(history: SessionHistory): ShareSession {
  return {
    messages: history.messages.map(toShareMessage),
    compactions: history.compactions.map((c) => {
      const out: ShareCompaction = {
        atMessage: c.atMessage,
        contextAfter: [...c.contextAfter],
        trigger: c.trigger,
        tokensBefore: c.tokensBefore,
        tokensAfter: c.tokensAfter,
        source: c.source,
      };
      if (c.durationMs !== undefined) out.durationMs = c.durationMs;
      if (c.durationSource !== undefined) out.durationSource = c.durationSource;
      return out;
    }),
    calls: history.calls.map((c) => ({
      atMessage: c.atMessage,
      contextTokens: c.contextTokens,
      inputTokens: c.inputTokens,
      cacheReadTokens: c.cacheReadTokens,
      cacheWriteTokens: c.cacheWriteTokens,
      outputTokens: c.outputTokens,
      ...(c.model !== undefined ? { model: c.model } : {}),
    })),
  };
}

/** A format id as a link carries it: `claude-code`, `openai-chat`. */
export const SHARE_FORMAT_ID = /^[a-z][a-z0-9-]{0,39}$/;

function toShareProvider(provider: ShareProviderInput): ShareProvider {
  return { kind: provider.kind, model: provider.model, baseUrl: sanitizeBaseUrl(provider.baseUrl) };
}

function toSharePreview(preview: SharePreview): SharePreview {
  const out: SharePreview = {
    summary: preview.summary,
    degraded: preview.degraded,
    splitTurn: preview.splitTurn,
  };
  if (preview.usage) {
    const { promptTokens, completionTokens, cachedTokens, reasoningTokens } = preview.usage;
    out.usage = { promptTokens, completionTokens };
    if (cachedTokens !== undefined) out.usage.cachedTokens = cachedTokens;
    if (reasoningTokens !== undefined) out.usage.reasoningTokens = reasoningTokens;
  }
  return out;
}

/**
 * The text the transcript hash is taken over: the allow-listed messages as
 * JSON, keys in `toShareMessage`'s order. Import ids are stable, so loading
 * the same file again yields the same text.
 */
export function canonicalTranscript(messages: readonly (Message | ShareMessage)[]): string {
  // The hash predates `opaqueTokens`: left out, a settings-only link made before still matches its file.
  return JSON.stringify(
    messages.map((m) => {
      const { opaqueTokens: _size, ...hashed } = toShareMessage(m);
      return hashed;
    }),
  );
}

/** SHA-256 of the canonical transcript, lowercase hex. */
export async function hashTranscript(messages: readonly (Message | ShareMessage)[]): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalTranscript(messages));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a loaded transcript is the one a settings-only link was made from. */
export async function transcriptMatches(
  messages: readonly (Message | ShareMessage)[],
  sha256: string,
): Promise<boolean> {
  return (await hashTranscript(messages)) === sha256;
}

/** The name a transcript gets in a settings-only link when it was pasted, not loaded from a file. */
export const UNNAMED_TRANSCRIPT = 'pasted transcript';

/**
 * Builds a payload from the allow-list. Async because the settings-only
 * variant hashes the transcript with `crypto.subtle`.
 */
export async function buildSharePayload(source: ShareSource, variant: 'full'): Promise<FullSharePayload>;
export async function buildSharePayload(
  source: ShareSource,
  variant: 'settings-only',
): Promise<SettingsOnlySharePayload>;
export async function buildSharePayload(
  source: ShareSource,
  variant: 'full' | 'settings-only',
): Promise<SharePayload>;
export async function buildSharePayload(
  source: ShareSource,
  variant: 'full' | 'settings-only',
): Promise<SharePayload> {
  const common = sharePayloadCommon(source);
  if (variant === 'full') {
    const transcript: FullSharePayload['transcript'] = { messages: source.messages.map(toShareMessage) };
    if (source.transcriptName) transcript.name = source.transcriptName;
    if (source.format && source.format !== 'canonical') transcript.format = source.format;
    if (source.history && recordsMore(source.history, source.messages))
      transcript.session = toShareSession(source.history);
    // Only the well-formed counts and the model's name: the allow-list of the file's usage.
    const usage = source.usage && readFileUsage(source.usage);
    if (usage) transcript.usage = usage;
    return { v: SHARE_VERSION, variant, transcript, ...common };
  }
  return {
    v: SHARE_VERSION,
    variant,
    transcript: {
      name: source.transcriptName || UNNAMED_TRANSCRIPT,
      sha256: await hashTranscript(source.messages),
      messageCount: source.messages.length,
    },
    ...common,
  };
}

/** Settings, provider, selection and preview: what every variant carries beside its transcript. */
export function sharePayloadCommon(source: ShareSource): SharePayloadCommon {
  const common: SharePayloadCommon = {};
  const settings = stripDefaultSettings(source.settings);
  if (Object.keys(settings).length > 0) common.settings = settings;
  // The offline summarizer is what a reader without a provider of their own gets anyway: naming it
  // only lengthens the link, and would switch a reader's own provider off for the visit.
  if (source.provider && source.provider.kind !== 'offline')
    common.provider = toShareProvider(source.provider);
  const selected = source.selectedIndex;
  if (typeof selected === 'number' && Number.isInteger(selected) && selected >= 0) {
    if (selected < source.messages.length) common.selectedIndex = selected;
  }
  if (source.preview) common.preview = toSharePreview(source.preview);
  const prompts = promptChanges(source.prompts ?? undefined);
  if (Object.keys(prompts).length > 0) common.prompts = prompts;
  if (source.unseenInferred && typeof common.settings?.unseenTokens === 'number') common.unseen = 'inferred';
  return common;
}
