/**
 * Claude Code's settings files read from where Claude Code reads them, by
 * scope, for its auto-compact window (the rules are in
 * `core/harness/claudeCodeWindow.ts`). A file that is missing is no file;
 * one that is not JSON is skipped with a problem that names it.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { claudeCodeWindow, type ClaudeCodeWindow } from '../core/harness/claudeCodeWindow';
import type { ClaudeSettingsFiles, ClaudeSettingsScope } from '../core/harness/claudeCodeSettings';

/** Settings files are a few hundred bytes; a larger one is not read. */
const MAX_SETTINGS_BYTES = 1024 * 1024;

/** Where Claude Code keeps its managed settings on each platform (managed-settings.json inside). */
export function managedSettingsDir(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode';
  return '/etc/claude-code';
}

/** The files to read: each scope's path, and the global config. */
export interface ClaudeSettingsPlaces {
  scopes: Record<ClaudeSettingsScope, string | null>;
  globalConfig: string;
}

/**
 * Claude Code's places: the user's settings under `CLAUDE_CONFIG_DIR` or
 * `~/.claude`, the global config `~/.claude.json` (in `CLAUDE_CONFIG_DIR`
 * when set), the project's two files under `project/.claude`, and the
 * managed file of the platform.
 */
export function claudeSettingsPlaces(
  env: Readonly<Record<string, string | undefined>>,
  project: string | null,
  managedDir: string = managedSettingsDir(),
): ClaudeSettingsPlaces {
  const home = env.HOME || homedir();
  const configDir = env.CLAUDE_CONFIG_DIR || join(home, '.claude');
  return {
    scopes: {
      user: join(configDir, 'settings.json'),
      project: project ? join(project, '.claude', 'settings.json') : null,
      local: project ? join(project, '.claude', 'settings.local.json') : null,
      managed: join(managedDir, 'managed-settings.json'),
    },
    globalConfig: env.CLAUDE_CONFIG_DIR
      ? join(env.CLAUDE_CONFIG_DIR, '.claude.json')
      : join(home, '.claude.json'),
  };
}

/** The files' parsed contents, and a line for each that could not be read. */
export function readClaudeSettings(places: ClaudeSettingsPlaces): {
  files: ClaudeSettingsFiles;
  problems: string[];
} {
  const problems: string[] = [];
  const files: ClaudeSettingsFiles = { scopes: {} };
  for (const [scope, path] of Object.entries(places.scopes) as [ClaudeSettingsScope, string | null][]) {
    if (!path) continue;
    const parsed = readJson(path, problems);
    if (parsed !== undefined) files.scopes[scope] = parsed;
  }
  const global = readJson(places.globalConfig, problems);
  if (global !== undefined) files.globalConfig = global;
  return { files, problems };
}

function readJson(path: string, problems: string[]): unknown {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return undefined;
    if (info.size > MAX_SETTINGS_BYTES) {
      problems.push(`${path}: larger than 1 MB, not read`);
      return undefined;
    }
    const buffer = Buffer.alloc(info.size);
    const read = readSync(fd, buffer, 0, info.size, 0);
    return JSON.parse(buffer.toString('utf8', 0, read)) as unknown;
  } catch (error) {
    problems.push(
      `${path}: not JSON (${error instanceof Error ? error.message.slice(0, 80) : 'unreadable'})`,
    );
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The settings a command reads: from `--claude-settings DIR` (as the project), else from `project`. */
export interface ClaudeSettingsRequest {
  env: Readonly<Record<string, string | undefined>>;
  project: string | null;
  model: string | null;
  reportedWindow?: number | null;
  managedDir?: string;
}

/** Claude Code's window and point for this session, from the files on disk, with any problem reading them as a note. */
export function claudeCodeWindowOnDisk(request: ClaudeSettingsRequest): ClaudeCodeWindow {
  const { files, problems } = readClaudeSettings(
    claudeSettingsPlaces(request.env, request.project, request.managedDir),
  );
  const resolved = claudeCodeWindow({
    env: request.env,
    files,
    model: request.model,
    reportedWindow: request.reportedWindow,
  });
  return { ...resolved, notes: [...resolved.notes, ...problems] };
}
