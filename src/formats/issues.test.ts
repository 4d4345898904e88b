import { describe, expect, it } from 'vitest';
import { IssueLog, describeSkipped, describeStart, firstWords, heldBy, isProblem, issueKind } from './issues';
import { importTranscript } from './registry';
import { fixture } from './testSupport.node';

/** The Claude Code fixture with its first user line made unreadable (a colon lost before "u1"). */
function claudeCodeWithBrokenFirstLine(): string {
  const lines = fixture('claude-code.jsonl').split('\n');
  lines[2] = lines[2]!.replace('"uuid":"u1"', '"uuid" "u1"');
  return lines.join('\n');
}

describe('what a skipped line held', () => {
  it('reads the role and first words out of a line that is not valid JSON', () => {
    expect(
      heldBy(
        '{"type":"user","message":{"role":"user","content":"Please add a test for the\\nmonthly report, then run it"',
      ),
    ).toEqual({ role: 'user', words: 'Please add a test for the monthly report, then run…' });
  });

  it('takes the role from a line type that names the speaker, and the text of a content block', () => {
    expect(heldBy('{"type":"assistant","message":{"content":[{"type":"text","text":"Done."}]')).toEqual({
      role: 'assistant',
      words: 'Done.',
    });
  });

  it('quotes a line that is not JSON at all as it is', () => {
    expect(heldBy('User: where is the config?')).toEqual({ words: 'User: where is the config?' });
  });

  it('finds the role and text of a parsed record, however it nests them', () => {
    expect(
      heldBy({ type: 'telemetry', payload: { role: 'developer', content: [{ text: 'Use tabs.' }] } }),
    ).toEqual({ role: 'developer', words: 'Use tabs.' });
  });

  it('says nothing when the line holds neither a role nor text', () => {
    expect(heldBy('{"type":"telemetry-blob","data":{"x":1}}')).toBeUndefined();
    expect(heldBy({ type: 'telemetry-blob', data: { x: 1 } })).toBeUndefined();
    expect(heldBy(42)).toBeUndefined();
  });

  it('cuts long text to ten words or 80 characters', () => {
    expect(firstWords('one two three four five six seven eight nine ten eleven')).toBe(
      'one two three four five six seven eight nine ten…',
    );
    expect(firstWords('x'.repeat(200))).toBe(`${'x'.repeat(80)}…`);
    expect(firstWords('  short\n\ttext  ')).toBe('short text');
  });
});

describe('issue kinds', () => {
  it('a skipped line is a problem shown in view, a left-out branch a note that is not a problem', () => {
    const log = new IssueLog();
    log.warn('malformed-line', 'Line skipped, not valid JSON', { line: 3 }, '{"role":"user","content":"hi"');
    log.warn('orphan-tool-result', 'Tool results that answer no earlier tool call', { line: 9 });
    log.note('inactive-branch', '1 message on other branches was left out');
    const [skipped, problem, note] = log.issues;
    expect([skipped, problem, note].map((i) => issueKind(i!))).toEqual(['skipped', 'problem', 'note']);
    expect([skipped, problem, note].map((i) => isProblem(i!))).toEqual([true, true, false]);
    expect(note).toEqual({
      severity: 'info',
      code: 'inactive-branch',
      message: '1 message on other branches was left out',
    });
    expect(skipped!.held).toEqual({ role: 'user', words: 'hi' });
    expect(problem!.held).toBeUndefined();
  });

  it('a repeated skip is counted once, with what the first one held', () => {
    const log = new IssueLog();
    log.tally(
      'unknown-role',
      'critic',
      'Messages with role "critic" were skipped',
      { path: '$[2]' },
      {
        role: 'critic',
        content: 'Too long.',
      },
    );
    log.tally(
      'unknown-role',
      'critic',
      'Messages with role "critic" were skipped',
      { path: '$[5]' },
      {
        role: 'critic',
        content: 'Still long.',
      },
    );
    expect(describeSkipped(log.issues[0]!)).toBe(
      '$[2] and 1 more like it: Messages with role "critic" were skipped. It held a critic message: “Too long.”.',
    );
  });
});

describe('the warning a broken line gets', () => {
  it('names the line, what it held, and what the conversation now starts with', () => {
    const result = importTranscript(claudeCodeWithBrokenFirstLine());
    const skipped = result.issues.filter((i) => issueKind(i) === 'skipped');
    expect(skipped.map(describeSkipped)).toEqual([
      'Line 3: Line skipped, not valid JSON: Unexpected character "\\"": expected ":" after a property name. It held a user message: “The login tests fail since yesterday — 登录测试失败了 🙏 Please…”.',
    ]);
    const first = result.messages[0]!;
    expect(describeStart(0, first.role, first.content)).toBe(
      'The conversation now starts with #0, an assistant message.',
    );
    expect(describeStart(2, 'tool', 'import { verify } from "./token"')).toBe(
      'The conversation now starts with #2, a tool result: “import { verify } from "./token"”.',
    );
  });

  it('a chain cut by a broken line reports the messages before it as lost, not as a side branch', () => {
    const lines = fixture('claude-code.jsonl').split('\n');
    // Line 6 (the assistant's first tool call) becomes unreadable: lines 3 to 5 lose their link to the rest.
    // Three lines, two messages: lines 4 and 5 are one response (msg_01) split over two lines.
    lines[5] = lines[5]!.slice(0, 120);
    const result = importTranscript(lines.join('\n'));
    const lost = result.issues.find((i) => i.code === 'cut-off-by-broken-link')!;
    expect(lost).toMatchObject({
      severity: 'warning',
      message: '2 messages before line 7 were left out: that line links to a parent that is not in the file',
      line: 3,
      held: { role: 'user', words: 'The login tests fail since yesterday — 登录测试失败了 🙏 Please…' },
    });
    expect(issueKind(lost)).toBe('skipped');
    expect(result.issues.find((i) => i.code === 'inactive-branch')?.message).toBe(
      '1 message on other branches (rewinds or edits) was left out',
    );
  });

  it('notes about what the agent leaves out are not counted as problems', () => {
    const result = importTranscript(fixture('opencode.json'));
    expect(result.issues).toEqual([
      {
        severity: 'info',
        code: 'hidden-by-compaction',
        message: '4 messages before the last compaction are not sent to the model and were left out',
        path: '$.messages[4]',
      },
    ]);
    expect(result.issues.filter(isProblem)).toEqual([]);
  });
});
