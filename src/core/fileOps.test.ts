import { describe, expect, it } from 'vitest';
import { assistant, call } from './__fixtures__/transcripts';
import { FileOps, MAX_TRACKED_PATHS, collectFileOps } from './fileOps';

const calls = (...list: [string, Record<string, unknown>][]) =>
  assistant(
    '',
    list.map(([name, args], i) => call(`c${i}`, name, args)),
  );

describe('collectFileOps', () => {
  it('splits reads from writes and edits and ignores other tools', () => {
    const ops = collectFileOps('', [
      calls(
        ['write_sandbox_file', { path: 'deck.html' }],
        ['edit_sandbox_file', { path: 'deck.html' }],
        ['read', { path: 'notes.txt' }],
        ['read', { path: 'skill://pdf/SKILL.md' }],
        ['shell_exec', { command: 'ls' }],
      ),
    ]);
    expect([ops.read, ops.modified]).toEqual([['notes.txt', 'skill://pdf/SKILL.md'], ['deck.html']]);
  });

  it('lists a path that was read and then written as modified only', () => {
    const ops = collectFileOps('', [
      calls(['read_sandbox_file', { path: 'a.txt' }], ['write_sandbox_file', { path: 'a.txt' }]),
    ]);
    expect([ops.read, ops.modified]).toEqual([[], ['a.txt']]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    "a tool named %s touches no file: tool names are read as the table's own",
    (name) => {
      const ops = collectFileOps('', [calls([name, { path: 'a.ts', command: 'view' }])]);
      expect([ops.read, ops.modified]).toEqual([[], []]);
    },
  );

  it('takes nothing from unparseable arguments or calls without a path', () => {
    const ops = collectFileOps('', [
      assistant('', [{ id: 'c', name: 'write_file', arguments: '{"path": "/trunc' }]),
      calls(['write_file', { content: 'x' }]),
    ]);
    expect(ops.format()).toBe('');
  });

  it('inherits the lists of a previous summary first', () => {
    const previous = new FileOps();
    previous.addModified('deck.html');
    previous.addRead('notes.txt');
    const ops = collectFileOps(`prose${previous.format()}`, [
      calls(['write_sandbox_file', { path: 'report.md' }]),
    ]);
    expect([ops.read, ops.modified]).toEqual([['notes.txt'], ['deck.html', 'report.md']]);
  });

  it('reads the path keys of Claude Code, OpenCode and Gemini CLI tools', () => {
    const ops = collectFileOps('', [
      calls(
        ['Write', { file_path: '/a.ts' }],
        ['edit', { filePath: '/b.ts' }],
        ['read_file', { absolute_path: '/c.ts' }],
      ),
    ]);
    expect([ops.read, ops.modified]).toEqual([['/c.ts'], ['/a.ts', '/b.ts']]);
  });

  it('tells the editor tool’s view from its writes', () => {
    const ops = collectFileOps('', [
      calls(
        ['str_replace_based_edit_tool', { command: 'view', path: '/v.ts' }],
        ['str_replace_based_edit_tool', { command: 'str_replace', path: '/e.ts' }],
      ),
    ]);
    expect([ops.read, ops.modified]).toEqual([['/v.ts'], ['/e.ts']]);
  });

  it('formats read and modified blocks in that order', () => {
    const ops = collectFileOps('', [
      calls(
        ['read', { path: 'a.ts' }],
        ['read', { path: 'b.ts' }],
        ['edit', { path: 'b.ts' }],
        ['write', { path: 'c.ts' }],
      ),
    ]);
    expect(ops.format()).toBe(
      '\n\n<read-files>\na.ts\n</read-files>\n\n<modified-files>\nb.ts\nc.ts\n</modified-files>',
    );
  });

  it('is empty when nothing was touched', () => {
    expect(new FileOps().format()).toBe('');
  });
});

describe('the 50-path cap', () => {
  it('keeps 50 of 60 distinct writes', () => {
    const ops = new FileOps();
    for (let i = 0; i < 60; i++) ops.addModified(`/workspace/${i}.txt`);
    expect(ops.modified).toHaveLength(MAX_TRACKED_PATHS);
  });

  for (const tool of ['read_file', 'write_sandbox_file', 'edit_sandbox_file']) {
    it(`evicts the oldest path for a new one at the cap (${tool})`, () => {
      const full = new FileOps();
      for (let i = 0; i < 50; i++) {
        const path = `/workspace/${String(i).padStart(2, '0')}.txt`;
        if (tool === 'read_file') full.addRead(path);
        else full.addModified(path);
      }
      const ops = collectFileOps(full.format(), [calls([tool, { path: '/workspace/newest.txt' }])]);
      const all = [...ops.read, ...ops.modified];
      expect(all).toHaveLength(50);
      expect(all).toContain('/workspace/newest.txt');
      expect(all).toContain('/workspace/49.txt');
      expect(all).not.toContain('/workspace/00.txt');
      const again = collectFileOps(ops.format());
      expect([...again.read, ...again.modified]).toContain('/workspace/newest.txt');
    });
  }

  it('evicts nothing for a duplicate or a blank path at the cap', () => {
    const ops = new FileOps();
    for (let i = 0; i < 50; i++) ops.addModified(`/workspace/${String(i).padStart(2, '0')}.txt`);
    const before = [...ops.modified];
    ops.addModified(' /workspace/00.txt ');
    ops.addModified(' ');
    expect(ops.modified).toEqual(before);
  });
});

describe('patches in the apply_patch envelope', () => {
  it('lists every file a patch adds, updates or moves to as modified', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: internal/httpx/retry.go',
      '+package httpx',
      '*** Update File: internal/billing/client.go',
      '*** Move to: internal/billing/invoice.go',
      '@@',
      '-old',
      '+new',
      '*** End Patch',
    ].join('\n');
    const ops = collectFileOps('', [
      calls(['read', { path: 'internal/billing/client.go' }]),
      assistant('', [{ id: 'p', name: 'apply_patch', arguments: JSON.stringify(patch) }]),
      assistant('', [{ id: 'q', name: 'apply_patch', arguments: JSON.stringify({ input: patch }) }]),
    ]);
    expect([ops.read, ops.modified]).toEqual([
      [],
      ['internal/httpx/retry.go', 'internal/billing/client.go', 'internal/billing/invoice.go'],
    ]);
  });

  it('takes nothing from a patch call whose arguments hold no patch', () => {
    const ops = collectFileOps('', [
      assistant('', [{ id: 'p', name: 'apply_patch', arguments: '{"x": 1}' }]),
    ]);
    expect(ops.format()).toBe('');
  });
});
