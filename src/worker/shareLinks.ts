import type { FileUsage } from '../core/fileUsage';
import type { SessionHistory } from '../core/session/history';
import { errorText, type Estimator, type Message, normalizeSettings, type TokenizerId } from '../core';
import { bundleFileName, encodeBundle } from '../share/bundle';
import { encodeShare, MAX_INFLATED_BYTES } from '../share/codec';
import { minimalMessages } from '../share/minimal';
import { assembleMinimalLink } from '../share/minimalAssembly';
import { formatBytes } from '../share/errors';
import { buildSharePayload, type SharePayload, type ShareSource } from '../share/payload';
import { redactContent } from '../share/redact';
import { redactSecrets, scanSecrets } from '../share/secrets';
import { firstLine } from './firstLine';
import type { MinimalRow, MinimalShareLink, ShareLinks, ShareOptions, LinkState } from './protocol';

/** The transcript a link is built from, as the worker holds it. */
export interface LoadedForShare {
  messages: readonly Message[];
  sourceName: string;
  bytes: number;
  /** The format id of the file, which a full link names. */
  format?: string;
  /** The session over time, which a full link carries. */
  history?: SessionHistory | null;
  /** What the file recorded about its usage as a whole. */
  usage?: FileUsage;
}

type EstimatorFor = (tokenizer: TokenizerId, scale: number) => Promise<Estimator>;

/**
 * Whether the full payload is surely over the size a link or bundle may hold:
 * its text alone (a lower bound of its JSON) is. Building, scanning and
 * redacting a payload that large only to refuse it would hold the worker for
 * long enough that the page's watchdog takes it for stuck.
 */
function surelyTooLargeToShare(messages: readonly Message[]): boolean {
  let chars = 0;
  for (const m of messages) {
    chars += m.content.length + (m.reasoning?.length ?? 0);
    for (const call of m.toolCalls ?? []) chars += call.arguments.length;
    if (chars > MAX_INFLATED_BYTES) return true;
  }
  return false;
}

/** The minimal link, fitted to the length of the page's whole link after the same redactions. */
async function minimalLink(
  source: ShareSource,
  estimator: Estimator,
  options: ShareOptions,
): Promise<MinimalShareLink> {
  const { link, payload } = await assembleMinimalLink(source, estimator, {
    include: options.include,
    redactContent: options.redactContent,
    redactSecrets: options.redactSecrets,
    // The page adds its own address; a typical one is counted so the fit holds where it is pasted.
    urlChars: 1 + (options.pageUrlLength ?? 0),
  });
  const messages = minimalMessages(payload.transcript);
  const rows: MinimalRow[] = [];
  messages.forEach((m, i) => {
    const text = m.carried?.excerpt === 'none' ? null : firstLine(m);
    const last = rows[rows.length - 1];
    if (text === null && last && last.text === null) {
      last.to = i;
      last.tokens += m.carried!.tokens;
      if (last.role !== m.role) last.role = null;
      return;
    }
    rows.push({
      from: i,
      to: i,
      role: m.role,
      tokens: m.carried!.tokens,
      text,
      part: m.carried?.excerpt === 'part',
    });
  });
  return {
    fragment: await encodeShare(payload),
    messageCount: messages.length,
    withText: link.withText,
    partial: link.partial,
    cut: link.cut,
    openingChars: link.openingChars,
    added: link.added,
    textChars: link.textChars,
    leftWithoutText: link.leftWithoutText,
    filesLeftOut: link.filesLeftOut,
    shortTurnIds: link.shortTurnIds,
    previewLeftOut: link.previewLeftOut,
    fits: link.fits,
    session: link.session,
    rows,
  };
}

/** Full and settings-only links for the loaded transcript and the page state. */
export async function buildShareLinks(
  loaded: LoadedForShare,
  request: { state: LinkState; options: ShareOptions },
  estimatorFor: EstimatorFor,
): Promise<ShareLinks> {
  const { state, options } = request;
  const source: ShareSource = {
    messages: loaded.messages,
    transcriptName: loaded.sourceName,
    format: loaded.format,
    history: loaded.history,
    usage: loaded.usage,
    settings: state.settings,
    provider: state.provider,
    selectedIndex: state.selectedIndex,
    preview: state.preview,
    prompts: state.prompts,
    unseenInferred: state.unseenInferred,
  };
  // The session over time travels beside the context, so both count.
  const tooBig = surelyTooLargeToShare([...loaded.messages, ...(loaded.history?.messages ?? [])]);
  // A transcript opened from a minimal link lacks text: only another minimal link keeps its counts.
  const counted = loaded.messages.some((m) => m.carried);
  let full = tooBig || counted ? null : await buildSharePayload(source, 'full');
  let settingsOnly = await buildSharePayload(source, 'settings-only');
  const findings = full ? scanSecrets(full) : scanSecrets(settingsOnly);
  if (options.redactSecrets) {
    full = full && redactSecrets(full);
    settingsOnly = redactSecrets(settingsOnly);
  }
  let redactionMisses = 0;
  const normalized = normalizeSettings(state.settings);
  const estimator = await estimatorFor(normalized.tokenizer, normalized.scale);
  if (full && options.redactContent) {
    const redacted = redactContent(full, estimator);
    full = redacted.payload;
    redactionMisses = redacted.misses.length;
  }
  const minimal = await minimalLink(source, estimator, options).catch((error: unknown) => ({
    error: errorText(error),
  }));
  const attempt = async (payload: SharePayload | null, why: string) => {
    if (!payload) return { error: why };
    try {
      return { fragment: await encodeShare(payload) };
    } catch (error) {
      return { error: errorText(error) };
    }
  };
  const cap = formatBytes(MAX_INFLATED_BYTES);
  const fromMinimal =
    'This transcript came from a minimal link and lacks most of its text; share it as a minimal link.';
  let bundle: ShareLinks['bundle'] = {
    error: tooBig ? `The repro bundle would be over the ${cap} it may hold.` : fromMinimal,
  };
  if (full) {
    try {
      bundle = { text: encodeBundle(full), fileName: bundleFileName(full) };
    } catch (error) {
      bundle = { error: errorText(error) };
    }
  }
  return {
    full: await attempt(
      full,
      tooBig
        ? `The shared state is over the ${cap} a link may hold; share a settings-only link instead.`
        : fromMinimal,
    ),
    minimal,
    settingsOnly: await attempt(settingsOnly, ''),
    findings: findings.map((f) => ({
      kind: f.kind,
      label: f.label,
      where:
        f.messageIndex !== undefined && f.messageIndex !== null
          ? `message #${f.messageIndex} (${f.field})`
          : f.path,
      preview: f.preview,
    })),
    bundle,
    redactionMisses,
  };
}

/**
 * The fragment the address bar shows for the page state: the settings-only
 * link, whose transcript is a reference (its SHA-256, message count and name)
 * and never its text. The address is written without anyone asking for a
 * link and lives on in the history, synced browsers and whatever the user
 * pastes it into, so it carries no message, no preview summary (made from
 * the messages) and, redacted as the share dialog redacts, no key. The
 * transcript itself stays in this browser for a reload; a link that carries
 * it is made only by the share dialog, which shows what it found first.
 */
export async function addressFragment(loaded: LoadedForShare, state: LinkState): Promise<string> {
  const payload = await buildSharePayload(
    {
      messages: loaded.messages,
      transcriptName: loaded.sourceName,
      settings: state.settings,
      provider: state.provider,
      selectedIndex: state.selectedIndex,
      preview: null,
      prompts: state.prompts,
      unseenInferred: state.unseenInferred,
    },
    'settings-only',
  );
  return encodeShare(redactSecrets(payload));
}
