/** How the lab runs a command: its standard output sent to a file when asked, whole. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { execClean } from './exec';

describe('execClean with stdoutFile', () => {
  it('writes the whole standard output to the file and collects none of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-exec-'));
    const file = join(dir, 'export.json');
    // A megabyte and a half written at once, then an immediate exit: what OpenCode's `export` does.
    const script = "process.stdout.write(JSON.stringify({ text: 'x'.repeat(1_500_000) })); process.exit(0);";
    const run = await execClean({ home: dir, tmp: dir, cwd: dir }, 'node', ['-e', script], {
      stdoutFile: file,
    });
    expect(run).toMatchObject({ code: 0, stdout: '', timedOut: false });
    expect((JSON.parse(readFileSync(file, 'utf8')) as { text: string }).text).toHaveLength(1_500_000);
  });

  it('still collects the standard error, where the agent says why it failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-exec-'));
    const run = await execClean(
      { home: dir, tmp: dir, cwd: dir },
      'node',
      ['-e', "console.error('no such session'); process.exit(1);"],
      { stdoutFile: join(dir, 'out.json') },
    );
    expect(run).toMatchObject({ code: 1, stderr: 'no such session\n' });
  });
});
