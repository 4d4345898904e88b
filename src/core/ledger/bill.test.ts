import { describe, expect, it } from 'vitest';
import { assistant, call, toolResult, user } from '../__fixtures__/transcripts';
import type { Message, ToolCall } from '../message';
import { billLine, billTotal, billTotalLine, compactionBills, isPassingTestRun, median } from './bill';

const PRICE = { model: 'test-model', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

/**
 * A session built one tool call at a time, each with its result and the
 * tokens we say that result counts; `compact()` puts a summary where a
 * recorded compaction sits.
 */
class Session {
  readonly messages: Message[] = [user('Make the parser strict.')];
  readonly tokens: number[] = [0];
  readonly compactionsAt: number[] = [];
  private n = 0;

  private step(c: ToolCall, result: string, tokens: number): this {
    this.messages.push(assistant('', [c]), toolResult(c, result));
    this.tokens.push(0, tokens);
    return this;
  }
  read(path: string, tokens = 0) {
    return this.step(call(`c${++this.n}`, 'Read', { file_path: path }), `contents of ${path}`, tokens);
  }
  edit(path: string) {
    return this.step(
      call(`c${++this.n}`, 'Edit', { file_path: path, old_string: 'a', new_string: 'b' }),
      'ok',
      0,
    );
  }
  write(path: string) {
    return this.step(call(`c${++this.n}`, 'Write', { file_path: path, content: 'x' }), 'ok', 0);
  }
  bash(command: string, result: string, tokens = 0) {
    return this.step(call(`c${++this.n}`, 'Bash', { command }), result, tokens);
  }
  compact() {
    this.compactionsAt.push(this.messages.length);
    this.messages.push({
      id: `s${this.compactionsAt.length}`,
      role: 'user',
      content: 'Summary.',
      kind: 'summary',
    });
    this.tokens.push(0);
    return this;
  }
}

/**
 * Twelve calls, a compaction, eight calls, a compaction, three calls. The
 * calls are numbered from 0 in the comments; "progress" is an edit, a write
 * or a passing test run.
 */
function strictParser(): Session {
  return new Session()
    /* 0 */ .read('src/a.ts')
    /* 1 */ .read('src/b.ts')
    /* 2 */ .bash('npm run lint', 'ok')
    /* 3 */ .edit('src/a.ts') // first progress: 3 calls before it
    /* 4 */ .read('src/c.ts')
    /* 5 */ .bash('npm test', 'Tests: 2 failed, 10 passed') // failing: not progress
    /* 6 */ .edit('src/b.ts') // 2 calls since the last progress
    /* 7 */ .bash('npm test', 'Tests: 12 passed') // passing: 0 calls since
    /* 8 */ .read('src/d.ts')
    /* 9 */ .read('src/e.ts')
    /* 10 */ .read('src/c.ts')
    /* 11 */ .write('src/f.ts') // 3 calls since
    .compact()
    /* 12 */ .read('/repo/src/a.ts', 300) // src/a.ts again, spelled from the root
    /* 13 */ .bash('npm run lint', 'ok', 40) // run again
    /* 14 */ .bash('cat src/b.ts', 'contents', 200) // a read through the shell: src/b.ts again
    /* 15 */ .read('src/a.ts', 300) // src/a.ts a second time: one file, its tokens again
    /* 16 */ .bash('npm test', 'Tests: 1 failed, 11 passed', 120) // run again, failing
    /* 17 */ .read('src/new.ts', 70) // never read before
    /* 18 */ .edit('src/a.ts') // the first progress after: 6 calls after the compaction
    /* 19 */ .bash('git status', 'clean', 10)
    .compact()
    /* 20 */ .bash('git status', 'clean', 10) // run before the second compaction (19)
    /* 21 */ .read('src/new.ts', 50) // read before it (17)
    /* 22 */ .read('src/z.ts', 999);
}

function billsOf(s: Session, price = PRICE) {
  return compactionBills({
    messages: s.messages,
    compactionsAt: s.compactionsAt,
    factsLost: [5, 0],
    tokensOf: (i) => s.tokens[i]!,
    price,
  });
}

describe('compactionBills', () => {
  const session = strictParser();
  const [first, second] = billsOf(session);

  it('counts the calls to the first edit after a compaction, against the pace before it and the session start', () => {
    expect(first).toMatchObject({
      actionsToFirstEdit: 6,
      actionsAfter: 8,
      // Gaps of 2, 0 and 3 calls between the four progress calls before it.
      paceBefore: 2,
      freshStart: 3,
    });
    // Gaps of 2, 0, 3 and 6 before the second: the median of an even count is the mean of the middle two.
    expect(second).toMatchObject({
      actionsToFirstEdit: null,
      actionsAfter: 3,
      paceBefore: 2.5,
      freshStart: 3,
    });
  });

  it('counts each file read again once and each command run again once, but every re-gathering call its tokens', () => {
    // src/a.ts (twice) and src/b.ts (through cat); npm run lint and npm test check the work: verifications.
    expect(first).toMatchObject({ filesReRead: 2, commandsReRun: 0, verificationsReRun: 2, factsLost: 5 });
    // 300 + 200 + 300: not the new file's 70, not git status (first run after the compaction), not the checks' 40 and 120.
    expect(first!.regatherTokens).toBe(800);
    expect(first!.regatherCost).toBeCloseTo((800 * 3) / 1_000_000, 12);
    expect(second).toMatchObject({
      filesReRead: 1,
      commandsReRun: 1,
      verificationsReRun: 0,
      regatherTokens: 60,
      factsLost: 0,
    });
    expect(second!.regatherCost).toBeCloseTo((60 * 3) / 1_000_000, 12);
  });

  it('leaves the cost null without a price', () => {
    const unpriced = compactionBills({
      messages: session.messages,
      compactionsAt: session.compactionsAt,
      factsLost: [],
      tokensOf: (i) => session.tokens[i]!,
      price: null,
    });
    expect(unpriced.map((b) => [b.regatherTokens, b.regatherCost, b.factsLost])).toEqual([
      [800, null, 0],
      [60, null, 0],
    ]);
  });

  it('counts edits made through the shell as edits, and what they write not as re-reads', () => {
    const shell = new Session()
      .read('src/dates.ts')
      .bash("sed -i 's/UTC/local/' src/dates.ts", '')
      .compact()
      .bash("cat > src/dates.ts <<'EOF'\nexport const zone = 'local';\nEOF", '', 5)
      .bash('mv src/dates.ts src/zone.ts', '', 5)
      .bash('echo "- zones" >> CHANGELOG.md', '', 5);
    const [bill] = billsOf(shell);
    expect(bill).toMatchObject({
      actionsToFirstEdit: 0,
      actionsAfter: 3,
      freshStart: 1,
      filesReRead: 0,
      commandsReRun: 0,
      regatherTokens: 0,
    });
  });

  it('has no fresh start when the session first edits only after its first compaction', () => {
    const late = new Session().read('a.ts').compact().read('a.ts', 8).edit('a.ts');
    const [bill] = billsOf(late);
    expect(bill).toMatchObject({
      actionsToFirstEdit: 1,
      paceBefore: null,
      freshStart: null,
      filesReRead: 1,
      regatherTokens: 8,
    });
  });

  it('adds the bills of a session up, the longest way back to work as its maximum', () => {
    const total = billTotal(billsOf(session));
    expect(total).toEqual({
      compactions: 2,
      actionsToFirstEditMax: 6,
      filesReRead: 3,
      commandsReRun: 1,
      verificationsReRun: 2,
      regatherTokens: 860,
      regatherCost: expect.closeTo((860 * 3) / 1_000_000, 12),
      factsLost: 5,
    });
    expect(billTotal([])).toMatchObject({ compactions: 0, actionsToFirstEditMax: null, regatherCost: null });
  });
});

describe('billLine', () => {
  const session = strictParser();
  const [first, second] = billsOf(session);

  it('says one compaction in one line', () => {
    expect(billLine(0, 25, first!)).toBe(
      'Compaction 1 at #25: 6 actions to the first edit (pace 2, fresh start 3); re-read 2 files, re-ran 0 commands (and 2 checks to verify): 800 tokens ($0.0024) re-gathered; 5 facts lost',
    );
    expect(billLine(1, 42, second!)).toBe(
      'Compaction 2 at #42: no edit in the 3 actions after it (pace 2.5, fresh start 3); re-read 1 file, re-ran 1 command: 60 tokens ($0.0002) re-gathered; 0 facts lost',
    );
  });

  it('leaves out what it cannot compare with, and the dollars without a price', () => {
    const [bill] = billsOf(new Session().read('a.ts').compact().read('a.ts', 1_234).edit('a.ts'), null!);
    expect(billLine(0, 3, { ...bill!, factsLost: 1 })).toBe(
      'Compaction 1 at #3: 1 action to the first edit; re-read 1 file, re-ran 0 commands: 1,234 tokens re-gathered; 1 fact lost',
    );
  });

  it('says a compaction followed by no call at all so', () => {
    const [bill] = billsOf(new Session().read('a.ts').compact());
    expect(billLine(0, 3, bill!)).toBe(
      'Compaction 1 at #3: no action after it; re-read 0 files, re-ran 0 commands: 0 tokens ($0) re-gathered; 5 facts lost',
    );
  });

  it('says a session in one line', () => {
    expect(billTotalLine(billTotal(billsOf(session)))).toBe(
      'Over 2 compactions: at most 6 actions to the first edit; re-read 3 files, re-ran 1 command (and 2 checks to verify): 860 tokens ($0.0026) re-gathered; 5 facts lost',
    );
  });
});

describe('isPassingTestRun', () => {
  it.each([
    ['npm test', 'Tests: 12 passed', true],
    ['npm test', 'Tests: 1 failed, 11 passed', false],
    ['cargo test', 'test result: ok. 5 passed; 0 failed', true],
    ['cargo test', 'test result: FAILED. 4 passed; 1 failed', false],
    ['go test ./...', 'ok  \texample.com/x\t0.2s', true],
    ['go test ./...', '--- FAIL: TestX (0.00s)', false],
    ['pytest -q', '7 passed in 0.31s', true],
    ['cd app && npx vitest run', ' Test Files  3 passed (3)', true],
    ['echo passed', 'passed', false],
    ['npm test', 'Error: Cannot find module', false],
  ])('%s printing %j: %s', (command, result, passing) => {
    expect(isPassingTestRun(command, result)).toBe(passing);
  });

  it('takes the median of an odd and an even count, and none of nothing', () => {
    expect([median([5, 1, 3]), median([4, 1, 3, 2]), median([])]).toEqual([3, 2.5, null]);
  });
});
