import { describe, expect, it } from 'vitest';
import { assistant, call, sys, toolResult, user } from '../__fixtures__/transcripts';
import type { Message } from '../message';
import { extractFacts, type Fact } from './facts';
import { pathsInCommand } from './shell';

const all = (messages: Message[]) => extractFacts(messages, [{ from: 0, to: messages.length }]);
const brief = (facts: Fact[]) => facts.map((f) => [f.kind, f.text, f.index, ...(f.access ? [f.access] : [])]);

describe('extractFacts', () => {
  it('draws every kind of fact from a small session, each with its message', () => {
    const read = call('c1', 'Read', { file_path: '/repo/src/cart/total.ts' });
    const test1 = call('c2', 'Bash', { command: 'npm test -- src/cart/total.test.ts' });
    const edit = call('c3', 'Edit', {
      file_path: '/repo/src/cart/total.ts',
      old_string: 'return subtotal;',
      new_string: 'export function applyDiscount(subtotal: number) {\n  const rate = 0.1;\n}',
    });
    const todo = call('c4', 'TodoWrite', {
      todos: [
        { content: 'Fix the discount threshold', status: 'completed' },
        { content: 'Add a test for orders of exactly 100', status: 'in_progress' },
        { content: 'Update the changelog', status: 'pending' },
      ],
    });
    const messages = [
      sys('You are a coding agent.'),
      user('Fix the failing cart test. Never touch the snapshot files.'),
      assistant('', [read]),
      toolResult(read, 'export function total() {}'),
      assistant('', [test1]),
      toolResult(
        test1,
        'FAIL src/cart/total.test.ts\n  ✗ applies the discount at 100\nTests: 1 failed, 40 passed',
      ),
      user('Make sure the public API stays the same.'),
      assistant('', [edit, todo]),
      toolResult(edit, 'The file was updated.'),
      toolResult(todo, 'Todos updated.'),
    ];
    expect(brief(all(messages))).toEqual([
      ['artifact', '/repo/src/cart/total.ts', 2, 'edit'],
      ['artifact', 'src/cart/total.test.ts', 4, 'command'],
      ['last-error', 'FAIL src/cart/total.test.ts', 5],
      ['last-command', 'npm test -- src/cart/total.test.ts', 4],
      ['constraint', 'Fix the failing cart test. Never touch the snapshot files.', 1],
      ['constraint', 'Never touch the snapshot files.', 1],
      ['constraint', 'Make sure the public API stays the same.', 6],
      ['open-task', 'Add a test for orders of exactly 100', 7],
      ['open-task', 'Update the changelog', 7],
      ['identifier', 'applyDiscount', 7],
    ]);
    expect(all(messages).find((f) => f.kind === 'constraint')?.firstTask).toBe(true);
  });

  it('reads only the ranges given, and skips a summary message inside them', () => {
    const summary: Message = { id: 's', role: 'user', content: 'Never do X.', kind: 'summary' };
    const messages = [
      user('Always run the linter.'),
      summary,
      user('Do not rename files.'),
      assistant('ok'),
      user('Keep the tests green, please; do not skip any.'),
    ];
    expect(brief(extractFacts(messages, [{ from: 1, to: 3 }]))).toEqual([
      ['constraint', 'Do not rename files.', 2],
    ]);
    expect(
      brief(
        extractFacts(messages, [
          { from: 0, to: 1 },
          { from: 4, to: 5 },
        ]),
      ),
    ).toEqual([
      ['constraint', 'Always run the linter.', 0],
      ['constraint', 'Keep the tests green, please; do not skip any.', 4],
    ]);
  });

  it('keeps only the newest todo list, without its finished items', () => {
    const first = call('t1', 'update_plan', { plan: [{ step: 'Read the code', status: 'in_progress' }] });
    const second = call('t2', 'update_plan', {
      plan: [
        { step: 'Read the code', status: 'completed' },
        { step: 'Write the retry helper', status: 'in_progress' },
      ],
    });
    expect(brief(all([assistant('', [first]), assistant('', [second])]))).toEqual([
      ['open-task', 'Write the retry helper', 1],
    ]);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    "a tool named %s is neither a file tool nor a todo tool: tool names are read as the tables' own",
    (name) => {
      const odd = call('o', name, { path: 'src/a.ts', undefined: [{ content: 'Ship it' }] });
      expect(brief(all([assistant('', [odd])]))).toEqual([]);
    },
  );

  it('takes the last failing output as the last error, and an exit code of 0 as no error', () => {
    const a = call('a', 'shell', { command: ['bash', '-lc', 'go test ./...'] });
    const b = call('b', 'shell', { command: ['bash', '-lc', 'go vet ./...'] });
    const messages = [
      assistant('', [a]),
      toolResult(
        a,
        JSON.stringify({ output: '--- FAIL: TestRetry (0.01s)\nFAIL', metadata: { exit_code: 1 } }),
      ),
      assistant('', [b]),
      toolResult(b, JSON.stringify({ output: 'no FAIL here', metadata: { exit_code: 0 } })),
    ];
    expect(brief(all(messages))).toEqual([
      ['last-error', '--- FAIL: TestRetry (0.01s)', 1],
      ['last-command', 'go vet ./...', 2],
    ]);
  });

  it('quotes the exception a Python traceback ends with', () => {
    const run = call('p', 'bash', { command: 'python report.py' });
    const trace = 'Traceback (most recent call last):\n  File "report.py", line 3\nKeyError: \'sku\'';
    expect(brief(all([assistant('', [run]), toolResult(run, trace)]))).toEqual([
      ['artifact', 'report.py', 0, 'command'],
      ['last-error', "KeyError: 'sku'", 1],
      ['last-command', 'python report.py', 0],
    ]);
  });

  it('lists the files of an apply_patch and the names its added lines declare', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: internal/httpx/retry.go',
      '+package httpx',
      '+func Do(ctx context.Context, attempt func() error) error {',
      '+\tvar last error',
      '*** Update File: internal/billing/client.go',
      '+func (c *Client) WithRetryBudget(n int) *Client {',
      '-func (c *Client) Old() {',
      '*** End Patch',
    ].join('\n');
    const messages = [assistant('', [{ id: 'p', name: 'apply_patch', arguments: JSON.stringify(patch) }])];
    expect(brief(all(messages))).toEqual([
      ['artifact', 'internal/httpx/retry.go', 0, 'write'],
      ['artifact', 'internal/billing/client.go', 0, 'edit'],
      ['identifier', 'WithRetryBudget', 0],
    ]);
  });

  it('merges a path a command names with the full path a file tool gives', () => {
    const cat = call('a', 'bash', { command: 'cat mdtable/render.py' });
    const edit = call('b', 'edit', { path: '/work/mdtable/render.py', oldText: 'a', newText: 'b' });
    expect(brief(all([assistant('', [cat]), assistant('', [edit])]))).toEqual([
      ['artifact', '/work/mdtable/render.py', 0, 'edit'],
      ['last-command', 'cat mdtable/render.py', 0],
    ]);
  });

  it('finds instructions in both phrasings: a rule and a request to make sure', () => {
    const messages = [
      user(
        "Don't add dependencies. You must keep Node 18 support.\n- Make sure the README lists the new flag.",
      ),
    ];
    // The first request is the whole message here: short enough to quote in full.
    expect(brief(all(messages)).map(([, text]) => text)).toEqual([
      "Don't add dependencies. You must keep Node 18 support. Make sure the README lists the new flag.",
      "Don't add dependencies.",
      'You must keep Node 18 support.',
      'Make sure the README lists the new flag.',
    ]);
  });
});

describe('pathsInCommand', () => {
  it('takes words shaped like files with a known extension, and nothing else', () => {
    expect(
      pathsInCommand(
        "sed -n 1,80p src/app.ts && node -e 'console.log(res.json())' --config=vitest.config.ts v3.0.7 example.com ./run.sh *.md",
      ),
    ).toEqual(['src/app.ts', './run.sh']);
  });
});
