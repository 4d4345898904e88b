/**
 * Facts drawn from each format's own fixture, through its importer: the file
 * tools, shells and failure outputs of every agent the playground reads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFacts } from '../core/eval/facts';
import { importTranscript } from '../formats/registry';
import { fixture } from '../formats/testSupport.node';

function factsOf(name: string) {
  const { messages } = importTranscript(fixture(name));
  return extractFacts(messages, [{ from: 0, to: messages.length }]).map((f) => [
    f.kind,
    f.text,
    f.index,
    ...(f.access ? [f.access] : []),
  ]);
}

describe('facts of each format', () => {
  it('Claude Code: Read then Edit of one file, a failing test run, the Bash command', () => {
    expect(factsOf('claude-code.jsonl')).toEqual([
      ['artifact', '/home/dev/shop/src/auth/login.ts', 1, 'edit'],
      ['last-error', '✗ auth/login.test.ts > rejects an expired token', 4],
      ['last-command', 'npm test -- auth', 5],
      ['constraint', 'The login tests fail since yesterday — 登录测试失败了 🙏 Please fix them.', 0],
    ]);
  });

  it('Codex: apply_patch, the script of bash -lc, a non-zero exit code; injected context is no request', () => {
    expect(factsOf('codex.jsonl')).toEqual([
      ['artifact', 'src/cart/total.ts', 4, 'edit'],
      ['last-error', 'FAIL src/cart/total.test.ts', 3],
      ['last-command', 'npm test', 6],
      ['constraint', 'Run the tests and fix 失败的测试 🐛', 1],
    ]);
  });

  it('pi: edit by path, a TAP failure, and nothing from the summary it starts with', () => {
    expect(factsOf('pi.jsonl')).toEqual([
      ['artifact', 'src/parser.ts', 3, 'edit'],
      ['last-error', 'not ok 51 - parses nested brackets 🙃', 2],
      ['last-command', 'npm test', 1],
      ['constraint', 'Thanks! Now run lint 🙏', 5],
    ]);
  });

  it('Gemini CLI, OpenCode, OpenAI Responses and Anthropic: their own file and shell tools', () => {
    expect(factsOf('gemini-cli.jsonl').slice(0, 2)).toEqual([
      ['artifact', 'src/a.ts', 3, 'edit'],
      ['last-command', 'npm test', 6],
    ]);
    expect(factsOf('opencode.json')[0]).toEqual(['artifact', 'src/login.ts', 3, 'edit']);
    expect(factsOf('openai-responses.json').slice(0, 2)).toEqual([
      ['artifact', 'README.md', 4, 'edit'],
      ['last-command', 'ls', 2],
    ]);
    expect(factsOf('anthropic.json')).toEqual([
      ['artifact', 'src/app.ts', 2, 'edit'],
      ['last-command', 'npm run build', 2],
      ['constraint', '这个截图里的错误是什么？ What is the error in this screenshot?', 1],
      ['constraint', 'Also keep the emoji 🎉', 5],
    ]);
  });
});

describe('facts of a real session', () => {
  const text = readFileSync(
    new URL('../../public/samples/claude-code-tallybook.jsonl', import.meta.url),
    'utf8',
  );
  const { messages } = importTranscript(text);

  it('takes the open items of the newest TodoWrite before the cut, and none once every item is done', () => {
    const open = (to: number) =>
      extractFacts(messages, [{ from: 0, to }])
        .filter((f) => f.kind === 'open-task')
        .map((f) => [f.text, f.index]);
    expect(open(185)).toEqual([['Run full suite, lint and typecheck', 170]]);
    expect(open(messages.length)).toEqual([]);
  });

  it('quotes the last failure (a TypeScript error) and the last command of the whole session', () => {
    const facts = extractFacts(messages, [{ from: 0, to: messages.length }]);
    expect(facts.find((f) => f.kind === 'last-error')?.index).toBe(177);
    expect(facts.find((f) => f.kind === 'last-error')?.text).toMatch(
      /^src\/reports\/csv\.test\.ts:78:42 - error TS2345: Argument of type /,
    );
    expect(facts.find((f) => f.kind === 'last-command')).toEqual({
      kind: 'last-command',
      text: 'git diff',
      index: 192,
    });
  });
});
