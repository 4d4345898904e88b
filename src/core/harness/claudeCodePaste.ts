/**
 * Claude Code settings pasted on the page, into the window field: a
 * settings.json, or environment lines (`export CLAUDE_CODE_AUTO_COMPACT_WINDOW=400k`),
 * resolved by the same rules the command line uses, with the source said
 * as pasted.
 */
import {
  claudeCodeWindow,
  describeClaudeCodeSource,
  setByClaudeCode,
  type ClaudeCodeWindow,
} from './claudeCodeWindow';
import type { ClaudeSettingsFiles } from './claudeCodeSettings';

/** The variables the resolution reads; a paste that sets none of them (nor a settings key) is not Claude Code's. */
const READ_VARIABLES = [
  'CLAUDE_CODE_AUTO_COMPACT_WINDOW',
  'CLAUDE_AUTOCOMPACT_PCT_OVERRIDE',
  'CLAUDE_CODE_DISABLE_1M_CONTEXT',
  'DISABLE_AUTO_COMPACT',
  'DISABLE_COMPACT',
];
const READ_KEYS = ['autoCompactWindow', 'modelSettings', 'autoCompactEnabled', 'env'];

/** The pasted text as the resolver's input, or null when it says nothing Claude Code's window reads. */
export function claudeCodePasted(
  text: string,
): { env: Record<string, string>; files: ClaudeSettingsFiles } | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return null;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    if (!READ_KEYS.some((k) => k in parsed)) return null;
    return { env: {}, files: { scopes: { user: parsed } } };
  }
  const env: Record<string, string> = {};
  for (const word of trimmed.split(/\s+/)) {
    const match = /^([A-Z_][A-Z0-9_]*)=(["']?)(.*)\2$/.exec(word);
    if (match && READ_VARIABLES.includes(match[1]!)) env[match[1]!] = match[3]!;
  }
  return Object.keys(env).length > 0 ? { env, files: { scopes: {} } } : null;
}

/**
 * Claude Code's window for the pasted settings on the loaded file's model,
 * and its source in words ("from the pasted autoCompactWindow"); null when
 * the paste is not Claude Code's or sets no window.
 */
export function claudeCodePasteWindow(
  text: string,
  model: string | null,
  reportedWindow: number | null,
): { window: ClaudeCodeWindow; source: string } | null {
  const pasted = claudeCodePasted(text);
  if (!pasted) return null;
  const window = claudeCodeWindow({ ...pasted, model, reportedWindow });
  if (!setByClaudeCode(window.source)) return null;
  const source = describeClaudeCodeSource(window.source)
    .replace(
      /^from (CLAUDE_CODE_AUTO_COMPACT_WINDOW)( \(env in the user settings.*\))?$/,
      'from the pasted $1',
    )
    .replace(
      /^from (autoCompactWindow|modelSettings…autoCompactWindow) in the user settings .*$/,
      'from the pasted $1',
    );
  return { window, source: [source, ...window.notes].join('; ') };
}
