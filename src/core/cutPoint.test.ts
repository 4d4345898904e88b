import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assistant, call, chars, sys, toolResult, user } from './__fixtures__/transcripts';
import { buildCutIndex, cutAt, findCutPoint, keepRecentForCut } from './cutPoint';
import { createEstimator } from './estimate';
import type { Message, Role } from './message';
import type { CutStrategy } from './settings';

const chars4 = createEstimator('chars4', () => 0);
const cut = (messages: Message[], keep: number, strategy: CutStrategy, start = 0) => {
  const c = findCutPoint(messages, start, keep, chars4, strategy);
  return [c.firstKeptIdx, c.turnStartIdx, c.isSplitTurn];
};

/** One transcript for all three strategies. Estimates: 100, 5, 2000, 100, 100, 500, 100, 400. */
const read = call('c1', 'read', { path: 'a.ts' });
const entries = [
  user(chars(400)),
  assistant('', [read]),
  toolResult(read, chars(8000)),
  assistant(chars(400)),
  user(chars(400)),
  assistant(chars(2000)),
  user(chars(400)),
  assistant(chars(1600)),
];

describe('pi strategy (chars4), the budget as a floor', () => {
  it('estimates the entries as pi does', () => {
    expect(entries.map((m) => chars4.countMessage(m))).toEqual([100, 5, 2000, 100, 100, 500, 100, 400]);
  });

  it('cuts on the user message where the kept total reaches the budget', () => {
    expect(cut(entries, 1100, 'pi')).toEqual([4, -1, false]);
  });

  it('splits the turn when the budget is reached on an assistant message', () => {
    expect(cut(entries, 1000, 'pi')).toEqual([5, 4, true]);
  });

  it('moves the cut forward past a big tool result at the crossing, keeping less than the budget', () => {
    expect(cut(entries, 2100, 'pi')).toEqual([3, 0, true]);
  });

  it('cuts nothing when the budget is never reached', () => {
    expect(cut(entries, 100000, 'pi')).toEqual([0, -1, false]);
  });

  it('keeps only the newest message for a budget of 1', () => {
    expect(cut(entries, 1, 'pi')).toEqual([7, 6, true]);
  });

  it('does not invent a split for what pi stores as a model change before a user message', () => {
    // pi's own code reports (2, 0, true) when a model_change entry sits before
    // the user message; normalized messages have no such entry.
    const msgs = [user(chars(400)), assistant(chars(400)), user(chars(400)), assistant(chars(4000))];
    expect(cut(msgs, 1100, 'pi')).toEqual([2, -1, false]);
    expect(cut(msgs, 1000, 'pi')).toEqual([3, 2, true]);
  });

  it('puts a lone assistant message at index 0', () => {
    expect(cut([assistant('hi')], 1000, 'pi')).toEqual([0, -1, false]);
  });

  it('reports the user message that opened a split turn', () => {
    const msgs = [
      user(chars(40)),
      assistant(chars(40)),
      user(chars(8)),
      assistant(chars(4000)),
      assistant(chars(4000)),
      assistant(chars(4000)),
    ];
    expect(cut(msgs, 3000, 'pi')).toEqual([3, 2, true]);
  });

  it('keeps from the calling assistant message when the session ends on tool results over the budget (pi 1.6)', () => {
    const grep = call('c2', 'grep', { pattern: 'x' });
    // Estimates 100, 100, 5, 2000, 2000: the walk reaches 1000 on the last result, and no cut point follows it.
    const msgs = [
      user(chars(400)),
      assistant(chars(400)),
      assistant('', [grep]),
      toolResult(grep, chars(8000)),
      toolResult(grep, chars(8000)),
    ];
    expect(cut(msgs, 1000, 'pi')).toEqual([2, 0, true]);
  });

  it('weighs a system message but never cuts at it: the cut moves on to the next user or assistant message', () => {
    // Estimates 100, 100, 100, 100, 100: the walk reaches 300 on the system message at 2.
    const msgs = [
      user(chars(400)),
      assistant(chars(400)),
      sys(chars(400)),
      user(chars(400)),
      assistant(chars(400)),
    ];
    expect(cut(msgs, 300, 'pi')).toEqual([3, -1, false]);
    expect(cut(msgs, 300, 'budget')).toEqual([2, 0, true]);
  });
});

describe('pi strategy with the entries pi weighs but never sends', () => {
  const withUnsent = (messages: Message[], after: number, unsent: Message['unsentAfter']) =>
    messages.map((m, i) => (i === after ? { ...m, unsentAfter: unsent } : m));
  // Estimates 100, 100, 100, 100; an aborted reply of 300 follows the assistant message at 1.
  const msgs = withUnsent(
    [user(chars(400)), assistant(chars(400)), user(chars(400)), assistant(chars(400))],
    1,
    [{ kind: 'reply', chars: 1200 }],
  );

  it('weighs a failed reply in the walk: the budget is reached sooner', () => {
    // Without it, the walk ends at 400 and nothing is cut; with it, 550 is reached on the assistant message at 1.
    expect(
      cut(
        msgs.map((m) => ({ ...m, unsentAfter: undefined })),
        550,
        'pi',
      ),
    ).toEqual([0, -1, false]);
    expect(cut(msgs, 550, 'pi')).toEqual([1, 0, true]);
  });

  it('cuts at a failed reply as pi does: the first kept message follows it, and the turn it ends is split', () => {
    // The walk reaches 350 on the reply; the cut lands on it, an assistant entry of the turn opened at 0.
    expect(cut(msgs, 350, 'pi')).toEqual([2, 0, true]);
  });

  it('starts a turn at a `!!` command: a cut there splits nothing', () => {
    const command = withUnsent(msgs, 1, [{ kind: 'command', chars: 1200 }]);
    expect(cut(command, 350, 'pi')).toEqual([2, -1, false]);
  });

  it('opens a turn at a `!!` command before the first message, which a later cut splits', () => {
    const replies = [assistant(chars(400)), assistant(chars(400)), assistant(chars(400))];
    const leading = [
      { ...replies[0], unsentBefore: [{ kind: 'command' as const, chars: 40 }] },
      ...replies.slice(1),
    ];
    expect(cut(replies, 150, 'pi')).toEqual([1, -1, false]);
    expect(cut(leading, 150, 'pi')).toEqual([1, 0, true]);
  });

  it('leaves every other strategy and every sent count as it was', () => {
    const index = buildCutIndex(
      msgs.map((m) => m.role),
      [100, 100, 100, 100],
      [{ after: 1, tokens: 300, command: false }],
    );
    expect(index.suffix[0]).toBe(400);
    expect(cutAt(index, 0, 350, 'budget')).toEqual({ firstKeptIdx: 1, turnStartIdx: 0, isSplitTurn: true });
    expect(cutAt(index, 0, 350, 'pi')).toEqual({ firstKeptIdx: 2, turnStartIdx: 0, isSplitTurn: true });
  });
});

describe('budget strategy, the budget as a ceiling', () => {
  it('does not keep the message that crosses the budget', () => {
    // Tail sums from the end: 400, 500, 1000, 1100, 1200, 3200: 1150 stops at index 3.
    expect(cut(entries, 1150, 'budget')).toEqual([4, -1, false]);
  });

  it('keeps the largest suffix that fits, even when that splits the current turn', () => {
    expect(cut(entries, 999, 'budget')).toEqual([6, -1, false]);
    expect(cut(entries, 1000, 'budget')).toEqual([5, 4, true]);
  });

  it('keeps the newest group when even it does not fit', () => {
    expect(cut(entries, 10, 'budget')).toEqual([7, 6, true]);
  });

  it('never cuts before a tool result: a cut there moves to the next legal position', () => {
    // 3200 fits from index 2 (a tool result); the earliest legal position reached is 3.
    expect(cut(entries, 3200, 'budget')).toEqual([3, 0, true]);
    expect(cut(entries, 3205, 'budget')).toEqual([1, 0, true]);
  });

  it('keeps everything when everything fits', () => {
    expect(cut(entries, 100000, 'budget')).toEqual([0, -1, false]);
  });

  it('treats a turn that began before the start as plain history, not a split', () => {
    expect(cut(entries, 1000, 'budget', 5)).toEqual([5, -1, false]);
  });

  it('returns the start when only tool results follow it', () => {
    expect(cut([toolResult(read, 'x'), toolResult(read, 'y')], 1, 'budget')).toEqual([0, -1, false]);
  });
});

describe('turns strategy, whole turns only', () => {
  // Turns: [0..3] = 2205, [4..5] = 600, [6..7] = 500

  it('adds whole turns from the newest until the kept total reaches the budget', () => {
    expect(cut(entries, 500, 'turns')).toEqual([6, -1, false]);
    expect(cut(entries, 501, 'turns')).toEqual([4, -1, false]);
    expect(cut(entries, 1100, 'turns')).toEqual([4, -1, false]);
  });

  it('keeps the newest turn whole however large it is', () => {
    expect(cut(entries, 1, 'turns')).toEqual([6, -1, false]);
  });

  it('has nothing to compact when the budget is never reached', () => {
    expect(cut(entries, 1101, 'turns')).toEqual([0, -1, false]);
  });

  it('has nothing to compact with fewer than two turns in range', () => {
    expect(cut(entries.slice(0, 4), 1, 'turns')).toEqual([0, -1, false]);
    expect(cut(entries, 1, 'turns', 5)).toEqual([5, -1, false]);
  });
});

describe('keepRecentForCut', () => {
  it('gives the tail tokens that make budget cut exactly there', () => {
    const counts = [100, 5, 2000, 100, 100, 500, 100, 400];
    const roles: Role[] = [
      'user',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ];
    const index = buildCutIndex(roles, counts);
    for (const target of [1, 3, 4, 5, 6, 7]) {
      expect(cutAt(index, 0, keepRecentForCut(index, target), 'budget').firstKeptIdx).toBe(target);
    }
  });
});

/** Random transcripts: user turns of assistant rounds, some with tool calls and results. */
const transcript = fc
  .array(
    fc.record({
      userChars: fc.integer({ min: 1, max: 2000 }),
      rounds: fc.array(
        fc.record({
          text: fc.integer({ min: 0, max: 3000 }),
          results: fc.array(fc.integer({ min: 1, max: 9000 }), { maxLength: 3 }),
        }),
        { maxLength: 6 },
      ),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((turns) => {
    const messages: Message[] = [];
    let n = 0;
    for (const turn of turns) {
      messages.push(user(chars(turn.userChars)));
      for (const round of turn.rounds) {
        const calls = round.results.map(() => call(`c${n++}`, 'read', { path: `f${n}.ts` }));
        messages.push(assistant(chars(round.text), calls.length ? calls : undefined));
        round.results.forEach((size, i) => messages.push(toolResult(calls[i], chars(size))));
      }
    }
    return messages;
  });

const strategies: CutStrategy[] = ['budget', 'pi', 'turns'];

describe('cut point properties over random transcripts', () => {
  it('never starts the kept tail with a tool result whose call was cut away', () => {
    fc.assert(
      fc.property(
        transcript,
        fc.integer({ min: 1, max: 20000 }),
        fc.constantFrom(...strategies),
        (msgs, keep, strategy) => {
          const c = findCutPoint(msgs, 0, keep, chars4, strategy);
          const kept = msgs.slice(c.firstKeptIdx);
          const calls = new Set(kept.flatMap((m) => m.toolCalls?.map((tc) => tc.id) ?? []));
          return kept.every((m) => m.role !== 'tool' || calls.has(m.toolCallId!));
        },
      ),
    );
  });

  it('budget keeps at most keep-recent unless only the newest group is kept', () => {
    fc.assert(
      fc.property(transcript, fc.integer({ min: 1, max: 20000 }), (msgs, keep) => {
        const c = findCutPoint(msgs, 0, keep, chars4, 'budget');
        const kept = msgs.slice(c.firstKeptIdx).reduce((sum, m) => sum + chars4.countMessage(m), 0);
        const newestGroup = msgs.findLastIndex((m) => m.role !== 'tool');
        return kept <= keep || c.firstKeptIdx === newestGroup;
      }),
    );
  });

  it('turns never splits a turn', () => {
    fc.assert(
      fc.property(transcript, fc.integer({ min: 1, max: 20000 }), (msgs, keep) => {
        const c = findCutPoint(msgs, 0, keep, chars4, 'turns');
        return !c.isSplitTurn && (c.firstKeptIdx === 0 || msgs[c.firstKeptIdx].role === 'user');
      }),
    );
  });

  it('pi keeps at least keep-recent whenever it cuts, unless a tool result at the crossing moved the cut', () => {
    fc.assert(
      fc.property(transcript, fc.integer({ min: 1, max: 20000 }), (msgs, keep) => {
        const c = findCutPoint(msgs, 0, keep, chars4, 'pi');
        if (c.firstKeptIdx === 0) return true;
        const kept = msgs.slice(c.firstKeptIdx).reduce((sum, m) => sum + chars4.countMessage(m), 0);
        return kept >= keep || msgs[c.firstKeptIdx - 1].role === 'tool';
      }),
    );
  });

  it('answers from the index exactly as a walk over the messages would', () => {
    const walkBudget = (counts: number[], roles: Role[], keep: number) => {
      let acc = 0;
      let cutIdx = roles.findLastIndex((r) => r !== 'tool');
      for (let i = counts.length - 1; i >= 0; i--) {
        acc += counts[i];
        if (acc > keep) break;
        if (roles[i] !== 'tool') cutIdx = i;
      }
      return cutIdx;
    };
    fc.assert(
      fc.property(transcript, fc.integer({ min: 1, max: 20000 }), (msgs, keep) => {
        const counts = msgs.map((m) => chars4.countMessage(m));
        const roles = msgs.map((m) => m.role);
        return (
          cutAt(buildCutIndex(roles, counts), 0, keep, 'budget').firstKeptIdx ===
          walkBudget(counts, roles, keep)
        );
      }),
    );
  });
});
