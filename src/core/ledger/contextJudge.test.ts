import { describe, expect, it } from 'vitest';
import { indexSummary } from '../eval/match';
import type { Message } from '../message';
import { judgeContexts } from './contextJudge';
import { judgeFacts, type SummarizedFacts } from './ledger';
import { factLoss } from './survival';

const msg = (id: string, content: string, calls: { name: string; arguments: string }[] = []): Message => ({
  id,
  role: calls.length ? 'assistant' : 'user',
  content,
  ...(calls.length ? { toolCalls: calls.map((c, k) => ({ id: `${id}-${k}`, ...c })) } : {}),
});

/** The judge on one context's whole text: its messages, and their calls, joined by a blank line. */
function judgedWhole(facts: SummarizedFacts, context: readonly Message[]) {
  const text = context
    .map((m) => [m.content, ...(m.toolCalls ?? []).map((t) => `${t.name} ${t.arguments}`)].join('\n\n'))
    .join('\n\n');
  return factLoss(judgeFacts(facts, indexSummary(text)));
}

const fact = (
  text: string,
  kind: 'artifact' | 'last-command' | 'last-error' | 'constraint' | 'open-task',
) => ({
  kind,
  text,
  index: 0,
});

const FACTS: SummarizedFacts = {
  paths: [
    fact('/repo/src/month.ts', 'artifact'),
    fact('src/net/retry.ts', 'artifact'),
    fact('a.ts', 'artifact'),
  ],
  commands: [
    fact('npm  test -- --run src/month.test.ts', 'last-command'),
    fact('cargo build', 'last-command'),
  ],
  errors: [fact('TypeError: cannot read properties of undefined', 'last-error')],
  instructions: [
    fact('Never touch the public API of the parser', 'constraint'),
    fact('do it now', 'constraint'),
  ],
  numbers: [
    { text: '30', index: 0 },
    { text: '20,000', index: 0 },
    { text: '75%', index: 0 },
  ],
  todos: [fact('Write the migration for the invoices table', 'open-task')],
};

const A = msg('a', 'We read month.ts and kept the public API.');
const B = msg('b', '  the parser stays as it is; timeout 30 s  \n');
const C = msg('c', '', [{ name: 'Bash', arguments: '{"command":"npm test -- --run"}' }]);
const D = msg('d', 'src/month.test.ts still fails:\n\nTypeError: cannot read properties of undefined');
const E = msg('e', '   ');
const F = msg('f', 'cargo');
const G = msg('g', 'build the 20000 rows; Do it now.');
const H = msg('h', 'see lib/month.tsx and b/month.ts-old, not month.ts.bak or my_month.ts');
const I = msg('i', 'wrote src/net/retry.ts and the invoices migration is written');

describe('judging many contexts at once', () => {
  it('gives, for every context, what the judge gives on that context’s whole text', () => {
    const contexts: Message[][] = [
      [A, B, C, D, E, F, G, H, I],
      [A, B],
      [C, D],
      [E, F, G],
      [H],
      [I, H, A],
      [],
      [A, B],
      [F, E, E, G],
    ];
    const got = judgeContexts(FACTS, contexts, new WeakMap());
    expect(got).toEqual(contexts.map((c) => judgedWhole(FACTS, c)));
    // Not all alike: the contexts keep different facts.
    expect(new Set(got.map((l) => l.lost)).size).toBeGreaterThan(3);
  });

  it('finds a sentence whose key words are spread over several messages, as the whole text does', () => {
    const [spread] = judgeContexts(FACTS, [[A, B]], new WeakMap());
    // "Never touch the public API of the parser": public, API, parser over A and B.
    expect(spread!.byKind.instructions).toEqual({ lost: 1, all: 2 });
  });

  it('finds a command quoted across the blank line between two messages, as the whole text does', () => {
    const [split] = judgeContexts(FACTS, [[F, msg('x', '\nbuild')]], new WeakMap());
    expect(split!.byKind.commands).toEqual({ lost: 1, all: 2 });
    expect(split).toEqual(judgedWhole(FACTS, [F, msg('x', '\nbuild')]));
  });

  it('does not take a file name glued to other characters for the file', () => {
    const [glued] = judgeContexts(FACTS, [[H]], new WeakMap());
    expect(glued!.byKind.paths).toEqual({ lost: 3, all: 3 });
  });
});
