/**
 * For a Claude Code session file: the auto-compact window and point Claude
 * Code would use with the settings on this machine (or under
 * `--claude-settings DIR`), and the window in force that follows from them.
 */
import {
  describeClaudeCodeSource,
  setByClaudeCode,
  type ClaudeCodeWindow,
} from '../core/harness/claudeCodeWindow';
import type { WindowOrigin } from '../core/modelWindow';
import { claudeCode } from '../formats/claudeCode';
import type { ImportResult } from '../formats/types';
import { claudeCodeWindowOnDisk } from './claudeSettings';
import type { Values } from './values';

export const CLAUDE_SETTINGS_OPTIONS = { 'claude-settings': { type: 'string' } } as const;

export const CLAUDE_SETTINGS_HELP = `  --claude-settings DIR  for a Claude Code session, read the project settings under DIR
                      (.claude/settings.json, .claude/settings.local.json) instead of the
                      current folder's; the user's and managed settings are read as Claude Code reads them`;

/**
 * Claude Code's resolution for a Claude Code file; null for any other
 * format, and for a link (this machine's settings are not its sender's).
 */
export function claudeCodeWindowFor(
  imported: Pick<ImportResult, 'format' | 'usage'>,
  values: Values,
  env: Readonly<Record<string, string | undefined>> = process.env,
  cwd: string = process.cwd(),
): ClaudeCodeWindow | null {
  if (imported.format !== claudeCode.id) return null;
  const dir = values['claude-settings'];
  return claudeCodeWindowOnDisk({
    env,
    project: typeof dir === 'string' ? dir : cwd,
    model: imported.usage?.model ?? null,
    // The window the file states (the 1M beta a recorded request asked for) is the model's, as Claude Code reports it.
    reportedWindow: imported.usage?.contextWindow ?? null,
  });
}

/**
 * The window in force once Claude Code's settings are read: theirs when the
 * user set one (or Claude Code's rule for a model it does not know decided),
 * unless `--window` or a link gave one; else the window as it was.
 */
export function windowWithClaudeCode(
  window: { tokens: number; origin: WindowOrigin },
  claude: ClaudeCodeWindow | null,
): { tokens: number; origin: WindowOrigin } {
  if (!claude || !setByClaudeCode(claude.source)) return window;
  if (window.origin.from === 'typed' || window.origin.from === 'link') return window;
  return {
    tokens: claude.window,
    origin: { from: 'agent', agent: 'Claude Code', source: describeClaudeCodeSource(claude.source) },
  };
}
