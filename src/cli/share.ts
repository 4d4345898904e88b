/** `share FILE`: a link that opens the transcript and settings in the playground, or a repro bundle. */
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { encodeBundle } from '../share/bundle';
import { ShareEncodeError, buildShareUrl, encodeShare } from '../share/codec';
import { openingCharsProblem, parseIndexRanges, type IndexRange, type MinimalLink } from '../share/minimal';
import { minimalSummary } from '../share/minimalSummary';
import { assembleMinimalLink } from '../share/minimalAssembly';
import { formatBytes } from '../share/errors';
import {
  classifyLinkLength,
  LINK_PASTES_ANYWHERE,
  LINK_WORKS_MOSTLY,
  type LinkLengthClass,
} from '../share/measure';
import { DEFAULT_SETTINGS, measuredUnseen, shapeOf } from '../core';
import { windowInForce } from '../core/modelWindow';
import { buildSharePayload, linkSettings, type SharePayload } from '../share/payload';
import { unseenInferred } from '../share/linkSettings';
import { redactContent } from '../share/redact';
import { redactSecrets, scanSecrets, type SecretFinding } from '../share/secrets';
import { EXIT_FAILURE, EXIT_OK, UsageError, jsonDocument, oneLine, type Io } from './io';
import { estimatorFor } from './estimator';
import {
  SETTINGS_HELP,
  SETTINGS_OPTIONS,
  formatFrom,
  integer,
  parse,
  settingsFrom,
  type Values,
} from './options';
import { readTranscript } from './readTranscript';

export const DEFAULT_PAGE_URL = 'http://localhost:5173/';

export const SHARE_HELP = `Usage: compaction-playground share FILE [options]

Prints a link that opens the transcript with these settings in the
playground, and on stderr its length and where it will paste. Nothing is
uploaded: the state travels in the part after #.

Options:
${SETTINGS_HELP.replace('print one JSON document instead of the table', 'print the link and its length as JSON')}
  --stall-timeout MS  the stall timeout the link carries (default 120000)
  --settings-only     share the settings and the transcript's name and hash, not its messages
  --minimal           every message's counts and shape, and the text of only the messages
                      where the cut is decided, within 2,000 characters; opened, it shows the
                      same counts, cuts, fates and verdict as the whole transcript
  --include RANGES    with --minimal: messages whose whole text travels too, e.g. 3-7,12
  --include-chars N   with --include: only the first N characters of each of those messages;
                      cut shorter if the link would pass 8,000 characters
  --base-url-page URL the playground's address (default ${DEFAULT_PAGE_URL})
  --redact-secrets    replace key-shaped strings with [redacted] (otherwise they stop the link)
  --redact-content    replace all text with filler of the same token counts
  --bundle FILE.json  write a repro bundle file instead of printing a link`;

const SHARE_OPTIONS = {
  ...SETTINGS_OPTIONS,
  'stall-timeout': { type: 'string' },
  'settings-only': { type: 'boolean' },
  minimal: { type: 'boolean' },
  include: { type: 'string' },
  'include-chars': { type: 'string' },
  'base-url-page': { type: 'string' },
  'redact-secrets': { type: 'boolean' },
  'redact-content': { type: 'boolean' },
  bundle: { type: 'string' },
} as const;

const LENGTH_ADVICE: Record<LinkLengthClass, string> = {
  short: `short: pastes anywhere (≤ ${LINK_PASTES_ANYWHERE.toLocaleString('en-US')})`,
  long: `long: works in most places, but some chat apps break links over ${LINK_PASTES_ANYWHERE.toLocaleString('en-US')}`,
  'too-long': `too long: over ${LINK_WORKS_MOSTLY.toLocaleString('en-US')}, many places cut it; share --settings-only or a --bundle file instead`,
};

function pageUrl(raw: string | boolean | undefined): string {
  if (raw === undefined) return DEFAULT_PAGE_URL;
  const text = String(raw);
  try {
    const url = new URL(text);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new UsageError(`--base-url-page: expected the playground's http or https address, got '${text}'`);
}

function where(finding: SecretFinding): string {
  return finding.messageIndex === null ? finding.field : `message #${finding.messageIndex} ${finding.field}`;
}

/** The refusal: every finding, masked, and the way out. */
function reportSecrets(findings: SecretFinding[], io: Io): void {
  const count = `${findings.length} key-shaped string${findings.length === 1 ? '' : 's'}`;
  io.err(
    `compaction-playground: the transcript contains ${count}; a link would carry them to everyone who sees it:`,
  );
  for (const finding of findings) io.err(`  ${where(finding)}: ${finding.label} ${finding.preview}`);
  io.err('Run again with --redact-secrets to replace them with [redacted], or remove them from the file.');
}

/** `3-7,12` → ranges of message indices, both ends included: the page's parser, the page's rules. */
export function parseRanges(text: string): IndexRange[] {
  const parsed = parseIndexRanges(text);
  if ('error' in parsed) throw new UsageError(`--include: ${parsed.error}`);
  return parsed.ranges;
}

/** `--include-chars N`: the opening of each included message, in characters. */
function includeChars(values: Values): number | undefined {
  const chars = integer(values, 'include-chars', 'characters');
  if (chars === undefined) return undefined;
  if (values.include === undefined) throw new UsageError('--include-chars goes with --include');
  const problem = openingCharsProblem(chars);
  if (problem) throw new UsageError(`--include-chars: ${problem}`);
  return chars;
}

export async function share(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parse(argv, SHARE_OPTIONS);
  if (values.help) {
    io.out(SHARE_HELP);
    return EXIT_OK;
  }
  if (positionals.length !== 1) throw new UsageError('share needs exactly one FILE (see --help)');
  const page = pageUrl(values['base-url-page']);
  const settings = settingsFrom(values);
  const file = positionals[0];
  if (values.minimal && values['settings-only'])
    throw new UsageError('give either --minimal or --settings-only');
  if (values.include !== undefined && !values.minimal) throw new UsageError('--include goes with --minimal');
  if (values.minimal && typeof values.bundle === 'string') {
    throw new UsageError('a repro bundle holds the whole transcript; drop --minimal');
  }
  const chars = includeChars(values);
  const include = (values.include === undefined ? [] : parseRanges(String(values.include))).map((r) =>
    chars === undefined ? r : { ...r, chars },
  );
  const imported = await readTranscript(file, formatFrom(values));
  // The link carries the window in force: the one typed, else the file's model's, as `inspect` uses.
  const given =
    values.window !== undefined ? { tokens: settings.maxContextTokens!, from: 'typed' as const } : null;
  settings.maxContextTokens = windowInForce(given, imported.usage, DEFAULT_SETTINGS.maxContextTokens).tokens;
  const counter = await estimatorFor(settings);
  const measured = measuredUnseen(
    imported.messages,
    shapeOf(imported.messages, counter).counts,
    imported.history,
    counter,
  );
  const source = {
    messages: imported.messages,
    transcriptName: basename(file),
    format: imported.format,
    history: imported.history ?? null,
    usage: imported.usage,
    settings: linkSettings(settings, measured),
    unseenInferred: unseenInferred(settings, measured),
  };
  const variant = values.minimal ? 'minimal' : values['settings-only'] ? 'settings-only' : 'full';
  let payload: SharePayload;
  let minimal: MinimalLink | null = null;
  if (variant === 'minimal') {
    // Fitted to the length of the link as printed: redacted the way it will be.
    const assembled = await assembleMinimalLink(source, await estimatorFor(settings), {
      include,
      redactContent: values['redact-content'] === true,
      redactSecrets: values['redact-secrets'] === true,
      urlChars: buildShareUrl(page, 'x').length - 1,
    });
    minimal = assembled.link;
    // Secrets are scanned below, to refuse them or to say what was redacted.
    payload = assembled.beforeSecrets;
  } else {
    payload = await buildSharePayload(source, variant);
  }

  if (values['redact-content'] && variant !== 'minimal') {
    const redaction = redactContent(payload, await estimatorFor(settings));
    payload = redaction.payload;
    if (redaction.misses.length > 0) {
      const fields = redaction.misses.map((m) =>
        m.messageIndex === null ? m.field : `#${m.messageIndex} ${m.field}`,
      );
      io.err(
        `compaction-playground: note: ${fields.length} field${fields.length === 1 ? '' : 's'} could not keep an exact token count (${fields.slice(0, 5).join(', ')}${fields.length > 5 ? ', …' : ''})`,
      );
    }
  }

  const findings = scanSecrets(payload);
  if (findings.length > 0) {
    if (!values['redact-secrets']) {
      reportSecrets(findings, io);
      return EXIT_FAILURE;
    }
    payload = redactSecrets(payload);
    io.err(
      `compaction-playground: redacted ${findings.length} key-shaped string${findings.length === 1 ? '' : 's'} (${[...new Set(findings.map(where))].join(', ')})`,
    );
  }

  try {
    if (typeof values.bundle === 'string') {
      const text = encodeBundle(payload);
      await writeFile(values.bundle, text);
      if (values.json) {
        io.out(jsonDocument({ bundle: values.bundle, bytes: Buffer.byteLength(text), variant }));
      } else {
        io.out(`Wrote ${values.bundle} (${formatBytes(Buffer.byteLength(text))})`);
      }
      return EXIT_OK;
    }
    const link = buildShareUrl(page, await encodeShare(payload));
    const lengthClass = classifyLinkLength(link.length);
    const leftOut = minimal ? `minimal: ${minimalSummary(minimal, imported.messages.length)}` : null;
    if (values.json) {
      const extra = minimal
        ? {
            messagesWithText: minimal.withText,
            partial: minimal.partial,
            cut: minimal.cut,
            openingChars: minimal.openingChars,
            added: minimal.added,
            textChars: minimal.textChars,
            leftWithoutText: minimal.leftWithoutText,
            filesLeftOut: minimal.filesLeftOut,
            shortTurnIds: minimal.shortTurnIds,
          }
        : {};
      io.out(jsonDocument({ link, length: link.length, lengthClass, variant, ...extra }));
    } else {
      io.out(link);
      io.err(`link length ${link.length.toLocaleString('en-US')} characters, ${LENGTH_ADVICE[lengthClass]}`);
      if (leftOut) io.err(leftOut);
    }
    return EXIT_OK;
  } catch (error) {
    if (error instanceof ShareEncodeError) {
      io.err(`compaction-playground: cannot share: ${oneLine(error.message)}`);
      return EXIT_FAILURE;
    }
    throw error;
  }
}
