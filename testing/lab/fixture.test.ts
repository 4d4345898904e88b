/** A session file made into a fixture: long strings cut, JSON inside strings kept JSON, the scratch paths replaced. */
import { describe, expect, it } from 'vitest';
import { FIXTURE_STRING_LIMIT, trimJsonl, trimSessionFile } from './fixture';

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

describe('trimSessionFile', () => {
  const project = '/cache/runs/opencode@1.18.33/project';
  const home = '/cache/runs/opencode@1.18.33/home';

  it('trims an export that is one JSON document as a whole, the scratch paths (from the root too) replaced, one field a line', () => {
    const exported = {
      info: { directory: project, path: project.slice(1) },
      messages: [{ parts: [{ text: 'y'.repeat(400) }] }],
    };
    const out = trimSessionFile('opencode-export-ses_1.json', JSON.stringify(exported), project, home);
    expect(JSON.parse(out)).toEqual({
      info: { directory: '/lab/project', path: 'lab/project' },
      messages: [{ parts: [{ text: `${'y'.repeat(FIXTURE_STRING_LIMIT)}[… trimmed by the lab]` }] }],
    });
    expect(out.split('\n')[1]).toBe('  "info": {');
  });

  it('trims a .jsonl file line by line', () => {
    expect(trimSessionFile('session.jsonl', '{"a":1}\n{"b":2}', project, home)).toBe('{"a":1}\n{"b":2}\n');
  });
});
