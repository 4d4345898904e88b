/**
 * The share requests' types between the page and the compaction worker: a
 * link or bundle opened, and the links the share dialog offers.
 */
import type { PromptOverrides, Role, SettingsInput } from '../core';
import type { ShareError } from '../share/errors';
import type { SharePreview, ShareProviderInput } from '../share/payload';
import type { RestoredShare } from '../share/schema';
import type { SecretKind } from '../share/secrets';
import type { AddedRange, CutMessage, IndexRange, MinimalLink } from '../share/minimal';

/** A share link's fragment, or the text of a repro bundle file. */
export type ShareInput = { kind: 'link'; fragment: string } | { kind: 'bundle'; text: string };

/**
 * A decoded link or bundle, restored. A full transcript comes back as the
 * canonical JSON text the page then loads, never as a message list: a 20 MB
 * link would otherwise be inflated, parsed and serialized on the main thread.
 */
export interface OpenedShare extends Omit<RestoredShare, 'messages' | 'session'> {
  transcriptText: string | null;
}

export type OpenShareResult = { ok: true; share: OpenedShare } | { ok: false; error: ShareError };

/** The page state a link carries (never a key). */
export interface LinkState {
  settings: SettingsInput;
  provider: ShareProviderInput | null;
  selectedIndex: number | null;
  preview: SharePreview | null;
  /** The prompts the user edited; absent or empty for the defaults. */
  prompts?: PromptOverrides;
  /** The settings' part not in the file was measured from the file's usage, not typed. */
  unseenInferred?: boolean;
}

export interface ShareOptions {
  redactSecrets: boolean;
  redactContent: boolean;
  /** Messages whose text the minimal link carries besides its own choice: whole, or openings. */
  include?: IndexRange[];
  /** The length of the page's address before `#`, which the minimal link's 2,000 characters include. */
  pageUrlLength?: number;
}

export interface ShareLinks {
  /** The `#` fragment with the transcript, or why there is none. */
  full: { fragment: string } | { error: string };
  settingsOnly: { fragment: string } | { error: string };
  /** Counts of every message, text of a few. */
  minimal?: MinimalShareLink | { error: string };
  /** Key-shaped strings found before any redaction. */
  findings: { kind: SecretKind; label: string; where: string; preview: string }[];
  bundle: { text: string; fileName: string } | { error: string };
  /** Messages whose neutral replacement could not match the token count exactly. */
  redactionMisses: number;
}

/** A minimal link, what it carries, and the reduced list a reader will see. */
export interface MinimalShareLink {
  fragment: string;
  messageCount: number;
  withText: number[];
  /** Of those, the ones whose text is an opening, not the whole. */
  partial: number[];
  /** The chosen strategy's cut: first kept, the message before, a split turn's start. */
  cut: CutMessage[];
  /** Characters of each opening the link chose for itself; null when it chose none. */
  openingChars: number | null;
  /** The ranges added back, with the characters of each message that travel. */
  added: AddedRange[];
  /** Characters of text carried in all. */
  textChars: number;
  /** Decisive messages besides the cut left without text for room. */
  leftWithoutText: number;
  /** Paths pi's compactions recorded, left out for room. */
  filesLeftOut: number;
  shortTurnIds: boolean;
  /** Whether the page's preview result was left out (a minimal link never carries one). */
  previewLeftOut: boolean;
  /** Within 2,000 characters (false when the ranges added back make it longer). */
  fits: boolean;
  /** The session over time the file records, and whether it travels (`MinimalLink.session`). */
  session: MinimalLink['session'];
  /** The reader's list: each message with text on its own, runs of messages without text as one row. */
  rows: MinimalRow[];
}

export interface MinimalRow {
  from: number;
  /** The last message of the row (the same as `from` for a message with text). */
  to: number;
  role: Role | null;
  tokens: number;
  /** The text that travels; null for a run without text. */
  text: string | null;
  part: boolean;
}
