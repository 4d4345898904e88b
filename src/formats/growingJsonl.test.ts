import { describe, expect, it } from 'vitest';
import { GrowingJsonl, type GrowingView } from './growingJsonl';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';
import type { ImportResult } from './types';

function resultOf(view: GrowingView): ImportResult {
  if (!view.ok) throw view.error;
  return view.result;
}

const shapeOf = (r: ImportResult) =>
  r.messages.map((m) => [m.id, m.role, m.content, m.toolCalls?.length ?? 0]);

describe('GrowingJsonl', () => {
  for (const name of ['claude-code.jsonl', 'codex-compacted.jsonl', 'pi-compactions.jsonl']) {
    it(`${name}: appended in pieces of 7 characters, the view equals the whole-file import`, () => {
      const text = fixture(name);
      const growing = new GrowingJsonl();
      for (let i = 0; i < text.length; i += 7) growing.append(text.slice(i, i + 7));
      const whole = importTranscript(text);
      const view = resultOf(growing.view());
      expect(view.format).toBe(whole.format);
      expect(shapeOf(view)).toEqual(shapeOf(whole));
      expect(view.history?.compactions.length).toBe(whole.history?.compactions.length);
    });
  }

  it('a line written in two chunks counts once its newline arrives, and is not a problem meanwhile', () => {
    const lines = fixture('claude-code.jsonl').split('\n').filter(Boolean);
    const growing = new GrowingJsonl();
    growing.append(`${lines.slice(0, 3).join('\n')}\n`);
    const before = resultOf(growing.view()).messages.length;
    const fourth = lines[3]!;
    growing.append(fourth.slice(0, 40));
    const half = resultOf(growing.view());
    expect(half.messages.length).toBe(before);
    expect(
      half.issues.filter((i) => i.code === 'malformed-line' || i.code === 'truncated-last-line'),
    ).toEqual([]);
    growing.append(`${fourth.slice(40)}\n`);
    expect(growing.recordCount).toBe(4);
    expect(resultOf(growing.view()).messages.length).toBeGreaterThan(before);
  });

  it('asked again with nothing new, the view is the same object (no replay)', () => {
    const growing = new GrowingJsonl();
    growing.append(fixture('pi.jsonl'));
    const first = growing.view();
    growing.append('{"type":"mess'); // half a line: no new record
    expect(growing.view()).toBe(first);
  });

  it('a complete line that is not JSON is reported once per view, with its line', () => {
    const text = fixture('pi.jsonl');
    const growing = new GrowingJsonl();
    growing.append(`${text}{not json\n`);
    const issues = resultOf(growing.view()).issues.filter((i) => i.code === 'malformed-line');
    expect(issues.map((i) => i.line)).toEqual([text.split('\n').length]);
  });

  it('reset forgets every line, so a replaced file is read as itself', () => {
    const growing = new GrowingJsonl();
    growing.append(fixture('claude-code.jsonl'));
    growing.reset();
    growing.append(fixture('pi.jsonl'));
    expect(resultOf(growing.view()).format).toBe('pi');
  });

  it('no complete line yet: an error value saying so, not a throw', () => {
    const growing = new GrowingJsonl();
    growing.append('{"type":"session"');
    const view = growing.view();
    expect(view.ok).toBe(false);
    if (!view.ok) expect(view.error.message).toBe('The file has no complete lines yet');
  });

  it('lines of a JSON format that is not a session: an error value naming what can be followed', () => {
    const growing = new GrowingJsonl();
    growing.append('{"role":"user","content":"hi"}\n{"role":"assistant","content":"hello"}\n');
    const view = growing.view();
    expect(view.ok).toBe(false);
    if (!view.ok)
      expect(view.error.detail).toBe(
        'These lines are not a JSONL session (Claude Code, Codex, pi or Gemini CLI) that can be followed',
      );
  });
});
