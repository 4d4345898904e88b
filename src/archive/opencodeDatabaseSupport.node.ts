/**
 * Builds, for the tests, an OpenCode database from `opencode export` JSON:
 * the tables as OpenCode 1.18.33 creates them on a fresh install, and a row
 * per session, message and part holding the record's fields in `data`
 * without its ids, as OpenCode stores them.
 */
import initSqlJs from 'sql.js';

/** OpenCode 1.18.33's tables that hold sessions (its fresh-install migration, the rest left out). */
export const OPENCODE_SCHEMA = `
CREATE TABLE \`project\` (
  \`id\` text PRIMARY KEY, \`worktree\` text NOT NULL, \`vcs\` text, \`name\` text, \`icon_url\` text,
  \`icon_url_override\` text, \`icon_color\` text, \`time_created\` integer NOT NULL,
  \`time_updated\` integer NOT NULL, \`time_initialized\` integer, \`sandboxes\` text NOT NULL, \`commands\` text
);
CREATE TABLE \`session\` (
  \`id\` text PRIMARY KEY, \`project_id\` text NOT NULL, \`workspace_id\` text, \`parent_id\` text,
  \`slug\` text NOT NULL, \`directory\` text NOT NULL, \`path\` text, \`title\` text NOT NULL,
  \`version\` text NOT NULL, \`share_url\` text, \`summary_additions\` integer, \`summary_deletions\` integer,
  \`summary_files\` integer, \`summary_diffs\` text, \`metadata\` text, \`cost\` real DEFAULT 0 NOT NULL,
  \`tokens_input\` integer DEFAULT 0 NOT NULL, \`tokens_output\` integer DEFAULT 0 NOT NULL,
  \`tokens_reasoning\` integer DEFAULT 0 NOT NULL, \`tokens_cache_read\` integer DEFAULT 0 NOT NULL,
  \`tokens_cache_write\` integer DEFAULT 0 NOT NULL, \`revert\` text, \`permission\` text, \`agent\` text,
  \`model\` text, \`time_created\` integer NOT NULL, \`time_updated\` integer NOT NULL,
  \`time_compacting\` integer, \`time_archived\` integer,
  CONSTRAINT \`fk_session_project_id_project_id_fk\` FOREIGN KEY (\`project_id\`) REFERENCES \`project\`(\`id\`) ON DELETE CASCADE
);
CREATE TABLE \`message\` (
  \`id\` text PRIMARY KEY, \`session_id\` text NOT NULL, \`time_created\` integer NOT NULL,
  \`time_updated\` integer NOT NULL, \`data\` text NOT NULL,
  CONSTRAINT \`fk_message_session_id_session_id_fk\` FOREIGN KEY (\`session_id\`) REFERENCES \`session\`(\`id\`) ON DELETE CASCADE
);
CREATE TABLE \`part\` (
  \`id\` text PRIMARY KEY, \`message_id\` text NOT NULL, \`session_id\` text NOT NULL,
  \`time_created\` integer NOT NULL, \`time_updated\` integer NOT NULL, \`data\` text NOT NULL,
  CONSTRAINT \`fk_part_message_id_message_id_fk\` FOREIGN KEY (\`message_id\`) REFERENCES \`message\`(\`id\`) ON DELETE CASCADE
);
CREATE TABLE \`session_message\` (
  \`id\` text PRIMARY KEY, \`session_id\` text NOT NULL, \`type\` text NOT NULL, \`seq\` integer NOT NULL,
  \`time_created\` integer NOT NULL, \`time_updated\` integer NOT NULL, \`data\` text NOT NULL,
  CONSTRAINT \`fk_session_message_session_id_session_id_fk\` FOREIGN KEY (\`session_id\`) REFERENCES \`session\`(\`id\`) ON DELETE CASCADE
);
CREATE INDEX \`message_session_time_created_id_idx\` ON \`message\` (\`session_id\`,\`time_created\`,\`id\`);
CREATE INDEX \`part_message_id_id_idx\` ON \`part\` (\`message_id\`,\`id\`);
CREATE INDEX \`part_session_idx\` ON \`part\` (\`session_id\`);
CREATE INDEX \`session_project_idx\` ON \`session\` (\`project_id\`);
CREATE INDEX \`session_parent_idx\` ON \`session\` (\`parent_id\`);
`;

/** `opencode export` JSON: the session's info and its messages with their parts. */
export interface Exported {
  info: { id: string; directory?: string; title?: string; time?: { created?: number; updated?: number } };
  messages: { info: { id: string; time?: { created?: number } }; parts: { id: string }[] }[];
}

/** `exported` with its message and part ids tagged: ids unique across a database, as OpenCode's are. */
export function taggedIds(exported: Exported, tag: string): Exported {
  return JSON.parse(JSON.stringify(exported).replace(/"(msg|prt)_/g, `"$1_${tag}`)) as Exported;
}

export interface StoredSession {
  exported: Exported;
  project: string;
  parentId?: string;
}

/** The record without the fields OpenCode keeps in columns of their own. */
function dataOf(record: object, ...ids: string[]): string {
  const rest: Record<string, unknown> = { ...record };
  for (const id of ids) delete rest[id];
  return JSON.stringify(rest);
}

/** A database file holding `sessions` as OpenCode 1.18.33 stores them. */
export async function opencodeDatabase(sessions: StoredSession[]): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.exec(OPENCODE_SCHEMA);
  const projects = new Set(sessions.map((s) => s.project));
  for (const project of projects)
    db.run(
      "INSERT INTO project (id, worktree, time_created, time_updated, sandboxes) VALUES (?, '/', 0, 0, '[]')",
      [project],
    );
  for (const { exported, project, parentId } of sessions) {
    const { info } = exported;
    const created = info.time?.created ?? 0;
    db.run(
      'INSERT INTO session (id, project_id, parent_id, slug, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        info.id,
        project,
        parentId ?? null,
        'slug',
        info.directory ?? '/',
        info.title ?? '',
        '1.18.33',
        created,
        info.time?.updated ?? created,
      ],
    );
    for (const message of exported.messages) {
      const at = message.info.time?.created ?? created;
      db.run(
        'INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)',
        [message.info.id, info.id, at, at, dataOf(message.info, 'id', 'sessionID')],
      );
      for (const part of message.parts)
        db.run(
          'INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)',
          [part.id, message.info.id, info.id, at, at, dataOf(part, 'id', 'sessionID', 'messageID')],
        );
    }
  }
  const bytes = db.export();
  db.close();
  return bytes;
}
