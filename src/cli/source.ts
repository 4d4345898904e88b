/**
 * Where a command's transcript and settings come from: a transcript file, a
 * share link, or a repro bundle. A link carries settings (and, unless it is
 * settings-only, the transcript); options typed on the command line win over
 * the link's.
 */
import { countOf } from '../core/numbers';
import { DEFAULT_SETTINGS, type PromptOverrides, type SettingsInput } from '../core';
import { windowInForce, type WindowOrigin } from '../core/modelWindow';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ImportResult } from '../formats/types';
import { decodeBundle, MAX_BUNDLE_CHARS } from '../share/bundle';
import { decodeShare, fragmentFromLink } from '../share/codec';
import type { DecodeResult } from '../share/errors';
import { transcriptMatches, type ShareProvider, type ShareVariant } from '../share/payload';
import { restoreShare, sharedTranscriptJson, type RestoredShare } from '../share/schema';
import { importTranscript } from '../formats/registry';
import { UsageError, oneLine, type Io } from './io';
import { formatFrom, settingsFrom, type Values } from './options';
import { readTranscript } from './readTranscript';

export const SOURCE_OPTIONS = {
  link: { type: 'string' },
  bundle: { type: 'string' },
} as const;

export const SOURCE_HELP = `  --link URL          open a share link (the whole link or the part after #) instead of FILE;
                      a settings-only link needs the transcript FILE too, and checks its hash
  --bundle FILE.json  open a repro bundle instead of FILE`;

/** What a link or bundle brought, for reports. */
export interface SharedOrigin {
  from: 'link' | 'bundle';
  variant: ShareVariant;
  /** The transcript name the sender's file had. */
  transcriptName: string | null;
  messageCount: number;
  /** Set when the link was written by an older version and upgraded on the way in. */
  migratedFrom: number | null;
  /** Settings-only: whether FILE hashes to the transcript the link was made from. */
  transcriptMatches: boolean | null;
  provider: ShareProvider | null;
  /** The summarization prompts the sender edited; empty for the defaults. */
  prompts: PromptOverrides;
}

export interface Loaded {
  imported: ImportResult;
  /** As typed (link settings under command-line options), before normalization; the window as `window` says. */
  settings: SettingsInput;
  shared: SharedOrigin | null;
  /** The window in force and where it came from: `--window`, the link, the file's model, or the default. */
  window: { tokens: number; origin: WindowOrigin };
}

/**
 * The settings with the window in force: `--window` or a link's wins, else
 * the window the file states or its model has, else the default.
 */
function withWindow(loaded: Omit<Loaded, 'window'>, values: Values, linkWindow: boolean): Loaded {
  const typed = values.window !== undefined ? 'typed' : linkWindow ? 'link' : null;
  const tokens = loaded.settings.maxContextTokens ?? DEFAULT_SETTINGS.maxContextTokens;
  const window = windowInForce(
    typed ? { tokens, from: typed } : null,
    loaded.imported.usage,
    DEFAULT_SETTINGS.maxContextTokens,
  );
  return { ...loaded, settings: { ...loaded.settings, maxContextTokens: window.tokens }, window };
}

/**
 * The transcript of a full or minimal link, read by the importer of our own
 * JSON as the page reads it: with the sender's format and session over time
 * when the link carries them.
 */
function importedFromShare(restored: RestoredShare, from: 'link' | 'bundle'): ImportResult {
  const imported = importTranscript(sharedTranscriptJson(restored)!, { format: 'canonical' });
  return {
    ...imported,
    detection: { format: 'canonical', confidence: 1, reason: `opened from a share ${from}` },
  };
}

async function readBundleFile(file: string): Promise<DecodeResult> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UsageError(`${file}: is a directory, not a repro bundle`);
    // UTF-8 takes at most four bytes a character: anything larger is over the cap however it is counted.
    if (info.size > MAX_BUNDLE_CHARS * 4) {
      throw new UsageError(
        `${file}: too large for a repro bundle (${info.size.toLocaleString('en-US')} bytes)`,
      );
    }
    return decodeBundle(await readFile(file, 'utf8'));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${code ?? error})`,
    );
  }
}

/**
 * Reads FILE, `--link` or `--bundle` (exactly one transcript source; a
 * settings-only link or bundle takes FILE as well), and the settings over them.
 */
export async function loadSource(
  command: string,
  values: Values,
  positionals: string[],
  io: Io,
): Promise<Loaded> {
  const link = values.link;
  const bundle = values.bundle;
  if (typeof link === 'string' && typeof bundle === 'string') {
    throw new UsageError('give either --link or --bundle, not both');
  }
  if (positionals.length > 1) throw new UsageError(`${command} takes one FILE (see --help)`);
  const format = formatFrom(values);

  if (typeof link !== 'string' && typeof bundle !== 'string') {
    if (positionals.length !== 1) throw new UsageError(`${command} needs exactly one FILE (see --help)`);
    const loaded = {
      imported: await readTranscript(positionals[0], format),
      settings: settingsFrom(values),
      shared: null,
    };
    return withWindow(loaded, values, false);
  }

  const from = typeof link === 'string' ? 'link' : 'bundle';
  const decoded =
    typeof link === 'string'
      ? await decodeShare(fragmentFromLink(link) ?? '')
      : await readBundleFile(bundle as string);
  if (!decoded.ok) {
    const where = from === 'link' ? 'cannot open the link' : `cannot open ${bundle}`;
    throw new UsageError(`${where}: ${oneLine(decoded.error.message)}`);
  }
  const restored = restoreShare(decoded.payload);
  const shared: SharedOrigin = {
    from,
    variant: restored.variant,
    transcriptName: restored.transcriptName,
    messageCount: restored.messageCount,
    migratedFrom: decoded.migratedFrom ?? null,
    transcriptMatches: null,
    provider: restored.provider,
    prompts: restored.prompts,
  };
  for (const refusal of restored.refusedSettings) {
    const kept = restored.settingsInput[refusal.field];
    io.err(
      `compaction-playground: warning: the ${from}'s ${refusal.field} ${String(refusal.value)} was not applied ` +
        `(${String(kept)} is used): ${refusal.reason}`,
    );
  }
  // A link's unseen part that its sender's file inferred is not a setting: the transcript carries it as
  // measured (`sharedTranscriptJson`), so it is shown as inferred and the lab's figure may take its place.
  const linkInput =
    restored.unseenInferred !== null
      ? { ...restored.settingsInput, unseenTokens: null }
      : restored.settingsInput;
  let settings = settingsFrom(values, linkInput);
  if (restored.variant === 'minimal') {
    // The counts were made with the link's tokenizer and scale; the text to count again is not there.
    const fixed = { tokenizer: restored.settingsInput.tokenizer, scale: restored.settingsInput.scale };
    if (settings.tokenizer !== fixed.tokenizer || settings.scale !== fixed.scale) {
      io.err(
        `compaction-playground: note: a minimal ${from} carries counts, not the text to count again; ` +
          `its tokenizer ${fixed.tokenizer} and scale ${fixed.scale} apply`,
      );
    }
    settings = { ...settings, ...fixed };
  }

  if (restored.messages) {
    if (positionals.length > 0) {
      throw new UsageError(
        `the ${from} carries its own transcript; drop ${positionals[0]} (only a settings-only ${from} takes a FILE)`,
      );
    }
    if (format)
      throw new UsageError(`--format applies to a FILE, and the ${from} carries its own transcript`);
    return withWindow(
      { imported: importedFromShare(restored, from), settings, shared },
      values,
      restored.windowGiven,
    );
  }

  const name = restored.transcriptName ?? 'the transcript';
  if (positionals.length !== 1) {
    throw new UsageError(
      `this is a settings-only ${from} for "${name}" (${countOf(restored.messageCount, 'message')}): give that transcript FILE too`,
    );
  }
  const file = positionals[0];
  const imported = await readTranscript(file, format);
  shared.transcriptMatches = await transcriptMatches(imported.messages, restored.expectedSha256 ?? '');
  if (!shared.transcriptMatches) {
    const count = imported.messages.length;
    const difference =
      count === restored.messageCount
        ? `the same number of messages, but not the same ones`
        : `${countOf(count, 'message')} instead of ${restored.messageCount}`;
    io.err(
      `compaction-playground: warning: ${basename(file)} does not match the transcript the ${from} was made from ` +
        `("${name}"): ${difference}. The ${from}'s settings apply anyway.`,
    );
  }
  return withWindow({ imported, settings, shared }, values, restored.windowGiven);
}

/** One line on where the state came from, for the human-readable reports. */
export function describeShared(shared: SharedOrigin): string {
  const name = shared.transcriptName ? ` "${shared.transcriptName}"` : '';
  const migrated = shared.migratedFrom !== null ? `, upgraded from version ${shared.migratedFrom}` : '';
  const provider = shared.provider
    ? `; made with ${shared.provider.kind}${shared.provider.model ? ` ${shared.provider.model}` : ''}`
    : '';
  if (shared.variant === 'full') {
    return `full ${shared.from}${name}, ${countOf(shared.messageCount, 'message')}${migrated}${provider}`;
  }
  if (shared.variant === 'minimal') {
    return `minimal ${shared.from}${name}, ${countOf(shared.messageCount, 'message')} (counts of all, text of a few)${migrated}${provider}`;
  }
  const verdict = shared.transcriptMatches
    ? 'the file matches its transcript hash'
    : 'the file does NOT match its transcript hash';
  return `settings-only ${shared.from} for${name} (${countOf(shared.messageCount, 'message')}): ${verdict}${migrated}${provider}`;
}

/** The `link` field of the `--json` documents. */
export function sharedDocument(shared: SharedOrigin) {
  return {
    from: shared.from,
    variant: shared.variant,
    transcriptName: shared.transcriptName,
    messageCount: shared.messageCount,
    migratedFrom: shared.migratedFrom,
    transcriptMatches: shared.transcriptMatches,
    provider: shared.provider,
  };
}
