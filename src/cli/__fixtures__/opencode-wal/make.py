"""Makes opencode.db and opencode.db-wal here: an OpenCode database as a run
leaves it, every session in the write-ahead log and the main file a header.
SQLite itself writes both (Python's sqlite3), in two transactions, and the
files are copied while the connection is open, before a checkpoint.

    python3 src/cli/__fixtures__/opencode-wal/make.py
"""
import json
import os
import shutil
import sqlite3
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = """
CREATE TABLE project (id text PRIMARY KEY, worktree text NOT NULL, time_created integer NOT NULL,
  time_updated integer NOT NULL, sandboxes text NOT NULL);
CREATE TABLE session (id text PRIMARY KEY, project_id text NOT NULL, parent_id text, slug text NOT NULL,
  directory text NOT NULL, title text NOT NULL, version text NOT NULL, time_created integer NOT NULL,
  time_updated integer NOT NULL);
CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL, time_created integer NOT NULL,
  time_updated integer NOT NULL, data text NOT NULL);
CREATE TABLE part (id text PRIMARY KEY, message_id text NOT NULL, session_id text NOT NULL,
  time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL);
"""
SESSION = "ses_wal0001"
TOKENS = {"input": 1200, "output": 40, "reasoning": 0, "cache": {"read": 0, "write": 0}}


def turn(con, n, question, tool):
    """A user message, then an assistant step that calls `tool` and reads its result."""
    at = 1765000000000 + n * 1000
    user, answer = f"msg_{n:02d}a", f"msg_{n:02d}b"
    con.execute("INSERT INTO message VALUES (?, ?, ?, ?, ?)",
                (user, SESSION, at, at, json.dumps({"role": "user", "time": {"created": at}})))
    con.execute("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)",
                (f"prt_{n:02d}a", user, SESSION, at, at, json.dumps({"type": "text", "text": question})))
    info = {"role": "assistant", "parentID": user, "modelID": "claude-sonnet-4-5",
            "time": {"created": at + 1, "completed": at + 2}, "tokens": TOKENS}
    con.execute("INSERT INTO message VALUES (?, ?, ?, ?, ?)", (answer, SESSION, at + 1, at + 1, json.dumps(info)))
    parts = [
        {"type": "step-start"},
        {"type": "tool", "callID": f"call_{n}", "tool": tool,
         "state": {"status": "completed", "input": {"filePath": "src/app.ts"}, "output": "x" * 700}},
        {"type": "step-finish", "tokens": TOKENS},
    ]
    for k, part in enumerate(parts):
        con.execute("INSERT INTO part VALUES (?, ?, ?, ?, ?, ?)",
                    (f"prt_{n:02d}b{k}", answer, SESSION, at + 1, at + 1, json.dumps(part)))


def main():
    work = tempfile.mkdtemp()
    path = os.path.join(work, "opencode.db")
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA page_size = 512")
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("PRAGMA wal_autocheckpoint = 0")
    con.execute("BEGIN")
    for statement in SCHEMA.split(";"):
        if statement.strip():
            con.execute(statement)
    con.execute("INSERT INTO project VALUES ('prj_1', '/home/dev/app', 0, 0, '[]')")
    con.execute("INSERT INTO session VALUES (?, 'prj_1', NULL, 'slug', '/home/dev/app', 'WAL only', '1.18.33', 0, 0)",
                (SESSION,))
    turn(con, 1, "Read the app", "read")
    con.execute("COMMIT")
    con.execute("BEGIN")
    turn(con, 2, "Read it again", "read")
    con.execute("COMMIT")
    for name in ("opencode.db", "opencode.db-wal"):
        shutil.copyfile(os.path.join(work, name), os.path.join(HERE, name))
    con.close()
    shutil.rmtree(work)


main()
