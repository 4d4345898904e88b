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
 * v1, current: see `payload.ts`.
 */
import * as v from 'valibot';
import { CUT_STRATEGIES, TOKENIZERS, type SettingsInput } from '../core/settings';
import { failure, type DecodeResult } from './errors';
import { SHARE_ROLES, SHARE_VERSION, stripDefaultSettings, type FullSharePayload } from './payload';
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
export function migrateV0ToV1(old: ShareV0): FullSharePayload {
  const s = old.settings ?? {};
  const settings: SettingsInput = stripDefaultSettings({
    maxContextTokens: s.window,
    reserveTokens: s.reserve,
    keepRecentTokens: s.keep,
    maxSummaryTokens: s.summaryCap,
    strategy: s.strategy,
    tokenizer: s.tokenizer,
  });
  const payload: FullSharePayload = {
    v: SHARE_VERSION,
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

/** Every version a link may carry, oldest first. */
export const SHARE_VERSIONS = [0, SHARE_VERSION] as const;

export function isKnownVersion(version: number): boolean {
  return (SHARE_VERSIONS as readonly number[]).includes(version);
}

/**
 * Validates `json` as written by `version` and brings it to the current
 * version. Only known versions reach here; the codec rejects the rest by name.
 */
export function upgradePayload(version: number, json: unknown, from: ShareSourceKind = 'link'): DecodeResult {
  if (version === SHARE_VERSION) return validateSharePayload(json, from);
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
  const result = validateSharePayload(migrateV0ToV1(parsed.output), from);
  return result.ok ? { ...result, migratedFrom: 0 } : result;
}
