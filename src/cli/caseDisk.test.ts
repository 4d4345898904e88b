import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInside } from './caseDisk';
import { loadCase, loadCases } from './caseFile';
import { run, scratch } from './testSupport.node';

const SESSION = {
  messages: [
    { role: 'user', content: 'Rename fetchUser to loadUser.' },
    { role: 'assistant', content: 'Renamed it in src/api/users.ts.' },
  ],
};

/** A case folder with the session `session` named by its one case, and an outside folder beside it. */
function caseFolder(session: string) {
  const dir = scratch('case-disk-');
  const inside = join(dir.dir, 'cases');
  const outside = join(dir.dir, 'elsewhere');
  mkdirSync(inside);
  mkdirSync(outside);
  writeFileSync(join(outside, 's.json'), JSON.stringify(SESSION));
  writeFileSync(join(inside, 'own.json'), JSON.stringify(SESSION));
  const file = join(inside, 'x.case.json');
  writeFileSync(
    file,
    JSON.stringify({
      id: 'rename',
      session,
      facts: [{ id: 'ask', side: 'before', evidence: { message: 0, quote: 'fetchUser' } }],
    }),
  );
  return { dir: dir.dir, inside, outside, file };
}

describe("a case's session stays in the case folder", () => {
  it('refuses an absolute path, naming the case file and the field, without reading it', async () => {
    const { inside, file } = caseFolder('/etc/passwd');
    await expect(loadCases(inside)).rejects.toThrow(
      `${file}: session: /etc/passwd is an absolute path: name a file inside the case folder, relative to the case file`,
    );
    const stdin = caseFolder('/dev/stdin');
    await expect(loadCases(stdin.inside)).rejects.toThrow(
      `${stdin.file}: session: /dev/stdin is an absolute path`,
    );
  });

  it('refuses a .. that climbs out of the folder, and takes one that stays in it', async () => {
    const out = caseFolder('../../../../../../../etc/hostname');
    await expect(loadCases(out.inside)).rejects.toThrow(
      `${out.file}: session: ../../../../../../../etc/hostname leads out of the case folder ${out.inside}: name a file inside it`,
    );
    const beside = caseFolder('../elsewhere/s.json');
    await expect(loadCases(beside.inside)).rejects.toThrow(
      '../elsewhere/s.json leads out of the case folder',
    );
    const within = caseFolder('../cases/own.json');
    expect((await loadCases(within.inside))[0].messages).toHaveLength(2);
  });

  it('refuses a link out of the folder unless links are followed', async () => {
    const { inside, outside, file } = caseFolder('link.json');
    symlinkSync(join(outside, 's.json'), join(inside, 'link.json'));
    await expect(loadCases(inside)).rejects.toThrow(
      `${file}: session: link.json: a link out of the case folder (--follow-links reads it)`,
    );
    expect((await loadCases(inside, { followLinks: true }))[0].messages).toHaveLength(2);
    const refused = await run(['cases', inside, '--strategy', 'budget']);
    expect([refused.code, refused.err]).toEqual([
      2,
      `compaction-playground: ${file}: session: link.json: a link out of the case folder (--follow-links reads it)\n`,
    ]);
    expect((await run(['cases', inside, '--strategy', 'budget', '--follow-links'])).code).toBe(0);
  });

  it('refuses a pipe, a device and a folder without opening them, links followed or not', async () => {
    const { inside, file } = caseFolder('fifo.json');
    execFileSync('mkfifo', [join(inside, 'fifo.json')]);
    // Opened for reading, a pipe with no writer would wait forever: the refusal comes first.
    await expect(loadCases(inside)).rejects.toThrow(
      `${file}: session: fifo.json: not a regular file (a folder, a pipe or a device is not read)`,
    );
    const device = caseFolder('null.json');
    symlinkSync('/dev/null', join(device.inside, 'null.json'));
    await expect(loadCases(device.inside, { followLinks: true })).rejects.toThrow(
      `${device.file}: session: null.json: not a regular file`,
    );
    const folder = caseFolder('sub');
    mkdirSync(join(folder.inside, 'sub'));
    await expect(loadCases(folder.inside)).rejects.toThrow('session: sub: not a regular file');
  });

  it('refuses a case file that is a pipe or a link out, naming it', async () => {
    const { inside, outside } = caseFolder('own.json');
    execFileSync('mkfifo', [join(inside, 'y.case.json')]);
    await expect(loadCases(inside)).rejects.toThrow(
      `${join(inside, 'y.case.json')}: not a regular file (a folder, a pipe or a device is not read)`,
    );
    const linked = caseFolder('own.json');
    symlinkSync(join(outside, 's.json'), join(linked.inside, 'z.case.json'));
    await expect(loadCases(linked.inside)).rejects.toThrow(
      `${join(linked.inside, 'z.case.json')}: a link out of the case folder (--follow-links reads it)`,
    );
  });

  it('reads a case file given alone with its folder as the case folder', async () => {
    const { file } = caseFolder('../elsewhere/s.json');
    await expect(loadCase(file)).rejects.toThrow('../elsewhere/s.json leads out of the case folder');
    const own = caseFolder('own.json');
    expect((await loadCase(own.file)).sessionFile).toMatch(/cases\/own\.json$/);
  });
});

describe('reading a file of the case folder', () => {
  it('reads at most the limit, and says so past it', async () => {
    const dir = scratch('case-limit-');
    const path = dir.file('big.json', 'x'.repeat(3000));
    await expect(readInside(dir.dir, path, 3000)).resolves.toHaveLength(3000);
    await expect(readInside(dir.dir, path, 2999)).rejects.toThrow(
      'larger than 2.9 KB, the most a case reads from one file',
    );
  });
});

describe("check: the budgets file's cases stay in its folder", () => {
  it.each(['/', '/etc', '../..', 'cases/../../x'])('refuses cases %j, naming the field', async (cases) => {
    const dir = scratch('check-root-');
    const config = dir.file('check.json', { cases, budgets: [{ noCompactionLoop: true }] });
    const result = await run(['check', '--config', config]);
    expect([result.code, result.err]).toEqual([
      2,
      `compaction-playground: ${config}: cases: cases must be a folder inside the budgets file's own, named relative to it\n`,
    ]);
  });

  it('refuses a case folder that is a link out of it unless links are followed', async () => {
    const { dir, inside } = caseFolder('own.json');
    const project = join(dir, 'project');
    mkdirSync(project);
    symlinkSync(inside, join(project, 'cases'));
    const config = join(project, 'check.json');
    writeFileSync(config, JSON.stringify({ cases: 'cases', budgets: [{ noCompactionLoop: true }] }));
    const refused = await run(['check', '--config', config]);
    expect([refused.code, refused.err]).toEqual([
      2,
      `compaction-playground: ${join(project, 'cases')}: a link out of the budgets file's folder (--follow-links reads it)\n`,
    ]);
    expect((await run(['check', '--config', config, '--follow-links'])).code).toBe(0);
  });
});

describe('check: the budgets file is read as a case file is', () => {
  it('refuses a budgets file that is a link out of its folder, or a device', async () => {
    const { dir, outside } = caseFolder('own.json');
    const project = join(dir, 'project');
    mkdirSync(project);
    symlinkSync(join(outside, 's.json'), join(project, 'check.json'));
    const linked = await run(['check', '--config', join(project, 'check.json')]);
    expect([linked.code, linked.err]).toEqual([
      2,
      `compaction-playground: ${join(project, 'check.json')}: a link out of the budgets file's folder (--follow-links reads it)\n`,
    ]);
    symlinkSync('/dev/null', join(project, 'null.json'));
    const device = await run(['check', '--config', join(project, 'null.json'), '--follow-links']);
    expect([device.code, device.err]).toEqual([
      2,
      `compaction-playground: ${join(project, 'null.json')}: not a regular file (a folder, a pipe or a device is not read)\n`,
    ]);
  });
});
