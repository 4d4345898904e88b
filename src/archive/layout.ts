/**
 * Which files under a folder are sessions, in the layouts the agents keep
 * them, and what the path alone says about each (its project, whether it is
 * a sub-agent's). A folder of sessions also holds settings, prompt indexes,
 * caches and checkpoints: a file is a session only when its place says so,
 * so a `settings.json` is never opened, let alone reported as broken.
 *
 * Paths are relative to the opened folder, `/`-separated. The folder may be
 * any level of the layout (the home folder, `~/.claude`, one project), so
 * each rule matches the end of the path, not its start.
 */

/**
 * How a session is stored: one file read by the importers, OpenCode's tree
 * of small files, or OpenCode's SQLite database (many sessions in one file).
 */
export type SessionLayout =
  'claude-code' | 'codex' | 'pi' | 'gemini-cli' | 'cline' | 'opencode-storage' | 'opencode-db' | 'jsonl';

export interface SessionPlace {
  layout: SessionLayout;
  /** The project as the layout names it (Claude Code's folder, pi's cwd folder, Gemini's project hash), or null. */
  project: string | null;
  /** A sub-agent's own transcript (Claude Code `agent-*.jsonl`, `subagents/`). */
  subagent: boolean;
}

/** The file name OpenCode gives its SQLite store (`~/.local/share/opencode/opencode.db`). */
export const OPENCODE_DATABASE = 'opencode.db';

/**
 * Files read with a session file, not on their own: SQLite's write-ahead log
 * and its index beside OpenCode's database. Neither a session nor a file
 * skipped.
 */
export function belongsToSession(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === `${OPENCODE_DATABASE}-wal` || name === `${OPENCODE_DATABASE}-shm`;
}

/** JSONL files the agents keep beside their sessions that are not sessions: prompt indexes and logs. */
const NOT_SESSIONS = new Set(['history.jsonl', 'log.jsonl', 'events.jsonl']);

/** Folders no agent keeps sessions in, and that can hold tens of thousands of files. */
const NEVER_ENTERED = new Set(['node_modules', '.git', 'file-history', 'shell-snapshots', 'todos']);

/**
 * Whether the walker should go into the folder at `path`. OpenCode keeps a
 * folder per message under `storage/part` and `storage/message`: the session
 * reader opens the ones it needs, so the walk need not list them all.
 */
export function entersFolder(path: string): boolean {
  const parts = path.split('/');
  const name = parts[parts.length - 1]!;
  if (NEVER_ENTERED.has(name)) return false;
  return !(parts[parts.length - 2] === 'storage' && (name === 'part' || name === 'message'));
}

/** The session at `path`, or null when the file is not one. */
export function placeOf(path: string): SessionPlace | null {
  const parts = path.split('/');
  const name = parts[parts.length - 1]!;
  const parent = parts[parts.length - 2];
  const lower = name.toLowerCase();
  // OpenCode's database (its -wal and -shm files are read with it, not as sessions).
  if (name === OPENCODE_DATABASE) return { layout: 'opencode-db', project: null, subagent: false };
  if (lower.endsWith('.jsonl')) return NOT_SESSIONS.has(lower) ? null : jsonlPlace(parts);
  if (!lower.endsWith('.json')) return null;
  // Cline and Roo Code: tasks/<id>/api_conversation_history.json (what the model was sent).
  if (name === 'api_conversation_history.json') return { layout: 'cline', project: null, subagent: false };
  // Gemini CLI before JSONL: <projectHash>/chats/session-….json.
  if (parent === 'chats' && name.startsWith('session-'))
    return { layout: 'gemini-cli', project: parts[parts.length - 3] ?? null, subagent: false };
  // OpenCode's storage: session/<projectID>/ses_….json, the rest in message/ and part/.
  const sessionAt = parts.lastIndexOf('session');
  if (name.startsWith('ses_') && sessionAt >= 0 && sessionAt === parts.length - 3)
    return { layout: 'opencode-storage', project: parent ?? null, subagent: false };
  return null;
}

function jsonlPlace(parts: string[]): SessionPlace {
  const name = parts[parts.length - 1]!;
  const parent = parts[parts.length - 2];
  const projects = parts.lastIndexOf('projects');
  if (projects >= 0 && projects < parts.length - 2) {
    // ~/.claude/projects/<project>/<session>.jsonl, <project>/agent-….jsonl, <project>/<session>/subagents/….jsonl
    const subagent = name.startsWith('agent-') || parts.includes('subagents');
    return { layout: 'claude-code', project: parts[projects + 1]!, subagent };
  }
  if (name.startsWith('agent-') || parent === 'subagents')
    return { layout: 'claude-code', project: null, subagent: true };
  if (parent === 'chats' && name.startsWith('session-'))
    return { layout: 'gemini-cli', project: parts[parts.length - 3] ?? null, subagent: false };
  const sessions = parts.lastIndexOf('sessions');
  if (name.startsWith('rollout-')) return { layout: 'codex', project: null, subagent: false };
  // ~/.pi/agent/sessions/--<cwd with / as ->--/<time>_<id>.jsonl
  if (sessions >= 0 && parent?.startsWith('--') && parent.endsWith('--'))
    return { layout: 'pi', project: parent, subagent: false };
  return { layout: 'jsonl', project: null, subagent: false };
}
