/** A session file made into a fixture: long strings cut, JSON inside strings kept JSON, the scratch paths replaced. */
import { describe, expect, it } from 'vitest';
import { FIXTURE_STRING_LIMIT, trimJsonl } from './fixture';

describe('trimJsonl', () => {
  const project = '/cache/runs/codex@0.169.0/project';
  const home = '/cache/runs/codex@0.169.0/home';

  it('replaces the scratch project and HOME with fixed paths, Claude Code folder names too, and drops the kernel version', () => {
    const line = JSON.stringify({
      cwd: project,
      file: `${home}/.codex/x`,
      dir: '-cache-runs-codex-0-169-0-project',
      os: 'Linux 6.18.44-fc',
    });
    expect(JSON.parse(trimJsonl(`${line}\n`, project, home))).toEqual({
      cwd: '/lab/project',
      file: '/lab/home/.codex/x',
      dir: '-lab-project',
      os: 'Linux',
    });
  });

  it('cuts a long string and says so, and keeps a long JSON argument string parseable', () => {
    const long = 'x'.repeat(FIXTURE_STRING_LIMIT + 50);
    const args = JSON.stringify({ content: long });
    const out = JSON.parse(trimJsonl(`${JSON.stringify({ text: long, arguments: args })}\n`, project, home));
    expect(out.text).toBe(`${'x'.repeat(FIXTURE_STRING_LIMIT)}[… trimmed by the lab]`);
    expect(JSON.parse(out.arguments).content).toBe(out.text);
  });

  it('keeps one line per record and ends with a newline', () => {
    expect(trimJsonl('{"a":1}\n\n{"b":2}', project, home)).toBe('{"a":1}\n{"b":2}\n');
  });
});
