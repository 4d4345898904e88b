import { describe, expect, it } from 'vitest';
import { checkCommand } from './check';
import { inline, terminalIo, workflowCommand, type Io } from './io';
import { run, scratch } from './testSupport.node';

const INJECTED = '\n::error file=README.md,line=1::pwned';

const SESSION = {
  messages: [
    { role: 'user', content: 'Keep the tabs. Fix src/a.ts.' },
    { role: 'assistant', content: 'Fixed src/a.ts.' },
    { role: 'user', content: 'Now the docs.' },
    { role: 'assistant', content: 'Done.' },
  ],
};

/** A folder with a session and one case whose only fact quotes `quote` from message 0. */
function caseFolder(quote: string) {
  const dir = scratch('case-output-');
  dir.file('s.json', SESSION);
  dir.file('one.case.json', {
    id: 'one',
    session: 's.json',
    cuts: [2],
    facts: [{ id: 'tabs', side: 'before', evidence: { message: 0, quote } }],
  });
  return dir;
}

/** The lines of a text that a CI runner would read as a workflow command (it trims them first). */
const commands = (text: string) => text.split('\n').filter((line) => line.trimStart().startsWith('::'));

describe('what a case file says reaches the terminal as one line', () => {
  it('a quote with a line break and a workflow command prints no line of its own', async () => {
    const dir = caseFolder(`Keep the tabs.${INJECTED}`);
    const result = await run(['cases', dir.dir]);
    expect(result.code).toBe(2);
    expect(commands(result.err)).toEqual([]);
    expect(result.err).toBe(
      `compaction-playground: ${dir.dir}/one.case.json: case one, fact tabs: the quote is not in message 0: "Keep the tabs.\\n::error file=README.md,line=1::pwned"\n`,
    );
  });

  it('an escape sequence in a quote is shown, not sent', async () => {
    const dir = caseFolder('Keep \u001b]52;c;cHduZWQ=\u0007 the tabs');
    const result = await run(['cases', dir.dir]);
    expect(result.err).not.toContain('\u001b');
    expect(result.err).toContain('Keep \\u001b]52;c;cHduZWQ=\\u0007 the tabs');
  });

  it('inline shows line breaks, tabs and steering characters as escapes', () => {
    expect(inline('a\nb\r\nc\td\u2028e\u009bf\u202eg')).toBe('a\\nb\\r\\nc\\td\\u2028e\\u009bf\\u202eg');
    expect(inline('plain — text, ünïcode')).toBe('plain — text, ünïcode');
  });
});

describe('check: names from the budgets file on stdout and in annotations', () => {
  it("a budget's name cannot start a workflow command, in its line or its annotation", async () => {
    const dir = caseFolder('Keep the tabs.');
    const config = dir.file('check.json', {
      cases: '.',
      budgets: [{ name: `small${INJECTED}`, strategy: 'turns', tokensAfter: { max: 1 } }],
    });
    const out: string[] = [];
    const io: Io = terminalIo({ out: (t) => out.push(t), err: () => {} });
    const code = await checkCommand(['--config', config], io, { GITHUB_ACTIONS: 'true' });
    expect(code).toBe(1);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(
      /^budget 1 \(small\\n::error file=README\.md,line=1::pwned\) broken by one: turns cut 2: tokensAfter \d+ > 1$/,
    );
    // The one workflow command is ours; the name's line break is %0A inside its message.
    expect(commands(out.join('\n'))).toEqual([out[1]]);
    expect(out[1]).toMatch(
      /^::error title=compaction check::budget 1 \(small%0A::error file=README\.md,line=1::pwned\) broken by/,
    );
  });

  it('a case id unknown to the folder is named on one line', async () => {
    const dir = caseFolder('Keep the tabs.');
    const config = dir.file('check.json', {
      cases: '.',
      budgets: [{ case: `nope${INJECTED}`, noCompactionLoop: true }],
    });
    const result = await run(['check', '--config', config]);
    expect(result.code).toBe(2);
    expect(commands(result.err)).toEqual([]);
    expect(result.err).toBe(
      `compaction-playground: budget 1: no case with id nope\\n::error file=README.md,line=1::pwned in ${dir.dir}\n`,
    );
  });

  it('a workflow command escapes its message, and its properties also at : and ,', () => {
    expect(workflowCommand('error', { title: 'a: b, c%' }, '50% lost\r\nnext')).toBe(
      '::error title=a%3A b%2C c%25::50%25 lost%0D%0Anext',
    );
    expect(workflowCommand('warning', {}, 'x')).toBe('::warning::x');
  });
});

describe('check: a bad budgets file is reported whole', () => {
  it('names every problem, each on its own line, and exits 2', async () => {
    const dir = scratch('check-problems-');
    const config = dir.file('b.json', {
      cases: 'c',
      budgets: [
        { factsKept: { min: 2 } },
        { strategy: 'claude', noCompactionLoop: true },
        { costUsd: { max: -1 } },
      ],
      extra: 1,
    });
    const result = await run(['check', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')).toEqual([
      `compaction-playground: ${config}: 4 problems`,
      `  - ${config}: budgets[0].factsKept.min: factsKept.min is a share from 0 to 1`,
      expect.stringMatching(
        /^ {2}- .*b\.json: budgets\[1\]\.strategy: strategy must be a name or a list of names \(budget, pi, /,
      ),
      `  - ${config}: budgets[2].costUsd.max: costUsd.max must be 0 or more`,
      `  - ${config}: extra: not a field this file knows`,
      '',
    ]);
  });

  it('a key the file does not know is named on one line', async () => {
    const dir = scratch('check-key-');
    const config = dir.file('b.json', {
      cases: 'c',
      budgets: [{ noCompactionLoop: true, [`x${INJECTED}`]: 1 }],
    });
    const result = await run(['check', '--config', config]);
    expect(result.code).toBe(2);
    expect(commands(result.err)).toEqual([]);
    expect(result.err).toBe(
      `compaction-playground: ${config}: budgets[0].x\\n::error file=README.md,line=1::pwned: not a field this file knows\n`,
    );
  });

  it('names every budget whose cases the folder does not hold', async () => {
    const dir = caseFolder('Keep the tabs.');
    const config = dir.file('check.json', {
      cases: '.',
      budgets: [
        { case: 'two', noCompactionLoop: true },
        { case: ['one', 'three'], noCompactionLoop: true },
      ],
    });
    const result = await run(['check', '--config', config]);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')).toEqual([
      `compaction-playground: 2 budgets name cases that ${dir.dir} does not hold`,
      `  - budget 1: no case with id two in ${dir.dir}`,
      `  - budget 2: no case with id three in ${dir.dir}`,
      '',
    ]);
  });
});
