/**
 * Payload versions and the migrations between them.
 *
 * A link pasted into an issue is read months later by a newer build, so every
 * version this app ever wrote keeps decoding: its own schema first (an old
 * link is as untrusted as a new one), then one migration per step up to the
 * current version, then the current schema once more.
 *
 * v0, the first prototype's format: `v0.` + base64url of uncompressed JSON,
 * full transcripts only, messages without ids, and short settings names:
 *
 *     { "name"?: string,
 *       "messages": [{ "role": "user", "content": "…" }],
 *       "settings"?: { "window"?, "reserve"?, "keep"?, "summaryCap"?, "strategy"?, "tokenizer"? },
 *       "selected"?: number }
 *
 * v1: the full and settings-only payloads of `payload.ts`, with `"v": 1`.
 *
 * v2: v1 and the `minimal` variant (`minimal.ts`): every message's
 * counts and shape, and the text of a few. A v1 payload is a v2 payload with
 * another number, so its migration only renumbers it; its `minimal` variant
 * did not exist, and is refused under v1.
 *
 * v3, current: v2, and a full transcript may name its file's `format`, carry
 * the `session` over time (every message, the recorded compactions, each
 * call's usage) and each message's `opaqueTokens`, and a minimal transcript
 * its `format` and `session` (`minimalSession.ts`). A v2 payload is a v3
 * payload without them, so its migration renumbers it; those fields did not
 * exist in v2, and are refused under it.
 */
import * as v from 'valibot';
import { CUT_STRATEGIES, type SettingsInput } from '../core/settings';
import { TOKENIZERS } from '../core/tokenizer';
import { failure, type DecodeResult } from './errors';
import {
  SHARE_ROLES,
  SHARE_VERSION,
  stripDefaultSettings,
  type FullSharePayload,
  type SettingsOnlySharePayload,
  type SharePayload,
} from './payload';
import { SHARE_LIMITS } from './limits';
import { formatIssuePath, validateSharePayload, type ShareSourceKind } from './schema';

const tokenCount = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SHARE_LIMITS.tokens));

export const shareV0Schema = v.strictObject({
  name: v.optional(v.pipe(v.string(), v.maxLength(SHARE_LIMITS.labelChars))),
  messages: v.pipe(
    v.array(
      v.strictObject({
        role: v.picklist(SHARE_ROLES),
        content: v.pipe(v.string(), v.maxLength(SHARE_LIMITS.textChars)),
      }),
    ),
    v.maxLength(SHARE_LIMITS.messages),
  ),
  settings: v.optional(
    v.strictObject({
      window: v.optional(tokenCount),
      reserve: v.optional(tokenCount),
      keep: v.optional(tokenCount),
      summaryCap: v.optional(tokenCount),
      // v0 knew only the three cut rules.
      strategy: v.optional(v.picklist(CUT_STRATEGIES)),
      tokenizer: v.optional(v.picklist(TOKENIZERS)),
    }),
  ),
  selected: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

export type ShareV0 = v.InferOutput<typeof shareV0Schema>;

/**
 * v0 → v1: settings get their full names, messages get the `m<index>` ids
 * v0 readers assigned on load (so a selection by id still points at the same
 * message), and defaults are stripped as v1 expects.
 */
/** A payload as version 1 wrote it. */
export type ShareV1 =
  (Omit<FullSharePayload, 'v'> & { v: 1 }) | (Omit<SettingsOnlySharePayload, 'v'> & { v: 1 });

export function migrateV0ToV1(old: ShareV0): ShareV1 {
  const s = old.settings ?? {};
  const settings: SettingsInput = stripDefaultSettings({
    maxContextTokens: s.window,
    reserveTokens: s.reserve,
    keepRecentTokens: s.keep,
    maxSummaryTokens: s.summaryCap,
    strategy: s.strategy,
    tokenizer: s.tokenizer,
  });
  const payload: ShareV1 & { variant: 'full' } = {
    v: 1,
    variant: 'full',
    transcript: {
      messages: old.messages.map((m, i) => ({ id: `m${i}`, role: m.role, content: m.content })),
    },
  };
  if (old.name !== undefined) payload.transcript.name = old.name;
  if (Object.keys(settings).length > 0) payload.settings = settings;
  if (old.selected !== undefined) payload.selectedIndex = old.selected;
  return payload;
}

/** A payload as version 2 wrote it. */
export type ShareV2 = Omit<SharePayload, 'v'> & { v: 2 };

/** v1 → v2: the same payload, renumbered (v2 only added a variant). */
export function migrateV1ToV2(old: ShareV1): ShareV2 {
  return { ...old, v: 2 } as ShareV2;
}

/** v2 → v3: the same payload, renumbered (v3 only added optional fields). */
export function migrateV2ToV3(old: ShareV2): SharePayload {
  return { ...old, v: SHARE_VERSION } as SharePayload;
}

/** Every version a link may carry, oldest first. */
export const SHARE_VERSIONS = [0, 1, 2, SHARE_VERSION] as const;

/** Where a version 2 payload holds a field that began with version 3, or null. */
function v3FieldIn(json: object): string | null {
  const transcript = (json as { transcript?: unknown }).transcript;
  if (transcript === null || typeof transcript !== 'object') return null;
  for (const key of ['format', 'session', 'usage'] as const)
    if (key in transcript) return `transcript.${key}`;
  const messages = (transcript as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return null;
  const k = messages.findIndex((m) => m !== null && typeof m === 'object' && 'opaqueTokens' in m);
  return k >= 0 ? `transcript.messages[${k}].opaqueTokens` : null;
}

export function isKnownVersion(version: number): boolean {
  return (SHARE_VERSIONS as readonly number[]).includes(version);
}

/**
 * Validates `json` as written by `version` and brings it to the current
 * version. Only known versions reach here; the codec rejects the rest by name.
 */
export function upgradePayload(version: number, json: unknown, from: ShareSourceKind = 'link'): DecodeResult {
  if (version === SHARE_VERSION) return validateSharePayload(json, from);
  if (version === 2) {
    if (json === null || typeof json !== 'object' || Array.isArray(json)) {
      return failure('schema', `The ${from}'s contents (version 2) are invalid: Expected an object.`);
    }
    const later = v3FieldIn(json);
    if (later) {
      return failure(
        'schema',
        `The ${from}'s contents (version 2) are invalid at ${later}: this field began with version 3.`,
        later,
      );
    }
    const result = validateSharePayload(migrateV2ToV3(json as ShareV2), from);
    return result.ok ? { ...result, migratedFrom: 2 } : result;
  }
  if (version === 1) {
    if (json === null || typeof json !== 'object' || Array.isArray(json)) {
      return failure('schema', `The ${from}'s contents (version 1) are invalid: Expected an object.`);
    }
    if ((json as { variant?: unknown }).variant === 'minimal') {
      return failure(
        'schema',
        `The ${from}'s contents (version 1) are invalid at variant: minimal links began with version 2.`,
        'variant',
      );
    }
    // The schema checks every field, the version too: it must have been 1 to be renumbered.
    const result = validateSharePayload(migrateV2ToV3(migrateV1ToV2(json as ShareV1)), from);
    return result.ok ? { ...result, migratedFrom: 1 } : result;
  }
  const parsed = v.safeParse(shareV0Schema, json, { abortEarly: true });
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = formatIssuePath(issue);
    const where = path ? ` at ${path}` : '';
    return failure(
      'schema',
      `The ${from}'s contents (version 0) are invalid${where}: ${issue.message}.`,
      path || undefined,
    );
  }
  const result = validateSharePayload(migrateV2ToV3(migrateV1ToV2(migrateV0ToV1(parsed.output))), from);
  return result.ok ? { ...result, migratedFrom: 0 } : result;
}
