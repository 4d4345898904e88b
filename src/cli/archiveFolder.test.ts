import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { walkFolder, type Folder, type WalkItem } from '../archive/walk';
import { LINK_OUT_REASON, diskReader } from './archiveDisk';
import { diskFolder } from './archiveFolder';

let roots: string[] = [];
afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

/** Memory-backed where the system has it: writing 50,000 files to a busy disk takes most of a minute. */
const SCRATCH = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(SCRATCH, 'archive-walk-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

async function walk<F>(folder: Folder<F>): Promise<WalkItem<F>[]> {
  const items: WalkItem<F>[] = [];
  for await (const item of walkFolder(folder)) items.push(item);
  return items.sort((a, b) => a.path.localeCompare(b.path));
}

const sessions = <F>(items: WalkItem<F>[]) =>
  items.flatMap((i) =>
    i.kind === 'session' ? [[i.path, i.place.layout, i.place.project, i.place.subagent]] : [],
  );
const skipped = <F>(items: WalkItem<F>[]) => items.filter((i) => i.kind === 'skipped').map((i) => i.path);
const outsideLinks = <F>(items: WalkItem<F>[]) =>
  items.filter((i) => i.kind === 'outside-link').map((i) => i.path);
const problems = <F>(items: WalkItem<F>[]) =>
  items.flatMap((i) => (i.kind === 'problem' ? [[i.path, i.reason]] : []));

describe('the archive walk over a folder on disk', () => {
  it('finds the sessions of every layout the agents keep and skips what is not a session', async () => {
    const root = tree({
      '.claude/settings.json': '{}',
      '.claude/history.jsonl': '{}\n',
      '.claude/projects/-home-u-app/1f2e.jsonl': '{}\n',
      '.claude/projects/-home-u-app/agent-9a.jsonl': '{}\n',
      '.claude/projects/-home-u-app/1f2e/subagents/agent-7b.jsonl': '{}\n',
      '.codex/sessions/2025/10/29/rollout-2025-10-29T00-59-38-019a.jsonl': '{}\n',
      '.codex/config.toml': '',
      '.pi/agent/sessions/--home-u-app--/2026-03-01T14-00-00_0b6f.jsonl': '{}\n',
      '.gemini/tmp/5d1c/chats/session-2026-01-02T10-00-ab12.jsonl': '{}\n',
      '.gemini/tmp/5d1c/chats/session-2025-06-01T10-00-cd34.json': '{}',
      '.gemini/tmp/5d1c/logs.json': '[]',
      'Code/globalStorage/saoudrizwan.claude-dev/tasks/1733/api_conversation_history.json': '[]',
      'Code/globalStorage/saoudrizwan.claude-dev/tasks/1733/ui_messages.json': '[]',
      '.local/share/opencode/storage/session/9f0e/ses_5f1a.json': '{}',
      '.local/share/opencode/storage/message/ses_5f1a/msg_01.json': '{}',
      '.local/share/opencode/storage/part/msg_01/prt_01.json': '{}',
      'notes/package.json': '{}',
    });
    const items = await walk(await diskFolder(root));
    expect(sessions(items)).toEqual([
      ['.claude/projects/-home-u-app/1f2e.jsonl', 'claude-code', '-home-u-app', false],
      ['.claude/projects/-home-u-app/1f2e/subagents/agent-7b.jsonl', 'claude-code', '-home-u-app', true],
      ['.claude/projects/-home-u-app/agent-9a.jsonl', 'claude-code', '-home-u-app', true],
      ['.codex/sessions/2025/10/29/rollout-2025-10-29T00-59-38-019a.jsonl', 'codex', null, false],
      ['.gemini/tmp/5d1c/chats/session-2025-06-01T10-00-cd34.json', 'gemini-cli', '5d1c', false],
      ['.gemini/tmp/5d1c/chats/session-2026-01-02T10-00-ab12.jsonl', 'gemini-cli', '5d1c', false],
      ['.local/share/opencode/storage/session/9f0e/ses_5f1a.json', 'opencode-storage', '9f0e', false],
      ['.pi/agent/sessions/--home-u-app--/2026-03-01T14-00-00_0b6f.jsonl', 'pi', '--home-u-app--', false],
      [
        'Code/globalStorage/saoudrizwan.claude-dev/tasks/1733/api_conversation_history.json',
        'cline',
        null,
        false,
      ],
    ]);
    // OpenCode's message and part folders are read by the session reader, not listed by the walk.
    expect(skipped(items)).toEqual([
      '.claude/history.jsonl',
      '.claude/settings.json',
      '.codex/config.toml',
      '.gemini/tmp/5d1c/logs.json',
      'Code/globalStorage/saoudrizwan.claude-dev/tasks/1733/ui_messages.json',
      'notes/package.json',
    ]);
    expect(problems(items)).toEqual([]);
  });

  it('walks a folder reached again through a link once, and names a link to nothing', async () => {
    const root = tree({ 'a/s.jsonl': '{}\n', 'a/b/t.jsonl': '{}\n' });
    symlinkSync(join(root, 'a'), join(root, 'a/b/up'));
    symlinkSync(join(root, 'missing'), join(root, 'a/dangling.jsonl'));
    const items = await walk(await diskFolder(root));
    expect(sessions(items).map((s) => s[0])).toEqual(['a/b/t.jsonl', 'a/s.jsonl']);
    expect(problems(items)).toEqual([['a/dangling.jsonl', 'a link to nothing']]);
  });

  it('does not leave the folder through a link to a file or a folder outside it, unless told to', async () => {
    const elsewhere = tree({ 'etc/passwd': 'root:x:0:0:root:/root:/bin/bash\n', 'other/s.jsonl': '{}\n' });
    const root = tree({ 'a/s.jsonl': '{}\n' });
    symlinkSync(join(elsewhere, 'etc/passwd'), join(root, 'passwd.jsonl'));
    symlinkSync(elsewhere, join(root, 'a/everything'));
    const items = await walk(await diskFolder(root));
    expect(sessions(items).map((s) => s[0])).toEqual(['a/s.jsonl']);
    expect(outsideLinks(items)).toEqual(['a/everything', 'passwd.jsonl']);
    expect(problems(items)).toEqual([]);

    const followed = await walk(await diskFolder(root, { followLinks: true }));
    expect(sessions(followed).map((s) => s[0])).toEqual([
      'a/everything/other/s.jsonl',
      'a/s.jsonl',
      'passwd.jsonl',
    ]);
    expect(outsideLinks(followed)).toEqual([]);
  });

  it('reads what a link inside the folder points at once, at its own place, and never loops', async () => {
    const root = tree({ 'a/s.jsonl': '{}\n', 'b/t.jsonl': '{}\n' });
    symlinkSync(join(root, 'a/s.jsonl'), join(root, 'b/again.jsonl'));
    symlinkSync(join(root, 'a'), join(root, 'b/a-again'));
    symlinkSync(root, join(root, 'a/root'));
    for (const followLinks of [false, true]) {
      const items = await walk(await diskFolder(root, { followLinks }));
      expect(sessions(items).map((s) => s[0])).toEqual(['a/s.jsonl', 'b/t.jsonl']);
      expect(outsideLinks(items)).toEqual([]);
    }
  });

  it('judges links by the real path of the folder it was given, when that folder is itself a link', async () => {
    const real = tree({ 'a/s.jsonl': '{}\n' });
    symlinkSync(join(real, 'a/s.jsonl'), join(real, 'a/again.jsonl'));
    const via = join(tree({}), 'home');
    symlinkSync(real, via);
    const items = await walk(await diskFolder(via));
    expect(sessions(items).map((s) => s[0])).toEqual(['a/s.jsonl']);
    expect(outsideLinks(items)).toEqual([]);
  });

  it('passes over the files it is told to exclude, by their real path', async () => {
    const root = tree({ 'a/s.jsonl': '{}\n', 'out/t.sessions.jsonl': '{}\n' });
    const items = await walk(
      await diskFolder(root, { exclude: new Set([join(root, 'out/t.sessions.jsonl')]) }),
    );
    expect(sessions(items).map((s) => s[0])).toEqual(['a/s.jsonl']);
  });

  it('reads no file and lists no folder through a link out of the folder, unless told to', async () => {
    const elsewhere = tree({ 'secret/a.json': '{"k":1}' });
    const root = tree({ 'storage/part/own.json': '{}' });
    symlinkSync(join(elsewhere, 'secret'), join(root, 'storage/message'));
    symlinkSync(join(elsewhere, 'secret/a.json'), join(root, 'storage/part/a.json'));
    const read = async (reader: ReturnType<typeof diskReader>, path: string) => {
      let text = '';
      for await (const chunk of reader.bytes(path)) text += Buffer.from(chunk).toString('utf8');
      return text;
    };
    const inside = diskReader(root);
    expect(await inside.list('storage/message')).toEqual([]);
    await expect(read(inside, 'storage/part/a.json')).rejects.toThrow(LINK_OUT_REASON);
    expect(await read(inside, 'storage/part/own.json')).toBe('{}');
    const following = diskReader(root, { followLinks: true });
    expect(await following.list('storage/message')).toEqual(['a.json']);
    expect(await read(following, 'storage/part/a.json')).toBe('{"k":1}');
  });

  it('says where a folder could not be read and goes on with the rest', async () => {
    const denied = Object.assign(new Error('permission denied'), { code: 'EACCES' });
    const unlistable: Folder<string> = {
      identity: null,
      entries: () => ({
        [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(denied) }),
      }),
    };
    const root: Folder<string> = {
      identity: null,
      async *entries() {
        yield {
          kind: 'folder',
          name: 'locked',
          open: async () => unlistable,
        };
        yield { kind: 'folder', name: 'gone', open: async () => Promise.reject(denied) };
        yield { kind: 'file', name: 'ok.jsonl', file: 'ok.jsonl', size: 3 };
      },
    };
    const items = await walk(root);
    expect(problems(items)).toEqual([
      ['gone', 'the folder cannot be opened (EACCES)'],
      ['locked', 'the folder cannot be read (EACCES)'],
    ]);
    expect(sessions(items)).toEqual([['ok.jsonl', 'jsonl', null, false]]);
  });

  it('walks 50,000 small files in one folder as a stream', async () => {
    const root = tree({});
    const dir = join(root, '.claude/projects/-big');
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < 50_000; i++) writeFileSync(join(dir, `${i}.jsonl`), '{}\n');
    let found = 0;
    for await (const item of walkFolder(await diskFolder(root))) if (item.kind === 'session') found++;
    expect(found).toBe(50_000);
  }, 120_000);
});
