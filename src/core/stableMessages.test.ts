import { describe, expect, it } from 'vitest';
import type { Message } from './message';
import { StableMessages } from './stableMessages';

const msg = (id: string, content: string, extra: Partial<Message> = {}): Message => ({
  id,
  role: 'assistant',
  content,
  ...extra,
});

describe('StableMessages', () => {
  it('gives back the object of the previous reading for a message read again unchanged', () => {
    const stable = new StableMessages();
    const [first] = stable.settle([msg('a', 'hello')]);
    const [again, added] = stable.settle([msg('a', 'hello'), msg('b', 'new')]);
    expect(again).toBe(first);
    expect(added!.id).toBe('b');
  });

  it('a message written again under its id with more text is the new object', () => {
    const stable = new StableMessages();
    const [first] = stable.settle([msg('a', 'hel')]);
    const [grown] = stable.settle([msg('a', 'hello')]);
    expect(grown).not.toBe(first);
    expect(grown!.content).toBe('hello');
  });

  it('what the pi cut reads is a change: the kept count of a summary, the entries weighed but never sent', () => {
    const stable = new StableMessages();
    const [summary] = stable.settle([msg('s', 'sum', { role: 'user', kind: 'summary', keptAfter: 0 })]);
    const [grown] = stable.settle([msg('s', 'sum', { role: 'user', kind: 'summary' })]);
    expect(grown).not.toBe(summary);
    expect(grown!.keptAfter).toBeUndefined();
    const [plain] = stable.settle([msg('a', 'hi')]);
    const [aborted] = stable.settle([msg('a', 'hi', { unsentAfter: [{ kind: 'reply', chars: 8 }] })]);
    expect(aborted).not.toBe(plain);
    expect(stable.settle([msg('a', 'hi', { unsentAfter: [{ kind: 'reply', chars: 8 }] })])[0]).toBe(aborted);
    expect(stable.settle([msg('a', 'hi', { unsentBefore: [{ kind: 'command', chars: 2 }] })])[0]).not.toBe(
      aborted,
    );
  });

  it('a change in a tool call, a name or the source line is a change', () => {
    const stable = new StableMessages();
    const call = { id: 'c', name: 'Read', arguments: '{}' };
    const [withCall] = stable.settle([msg('a', '', { toolCalls: [call] })]);
    expect(stable.settle([msg('a', '', { toolCalls: [{ ...call, arguments: '{"x":1}' }] })])[0]).not.toBe(
      withCall,
    );
    const [named] = stable.settle([msg('t', 'out', { role: 'tool', toolName: 'Read' })]);
    expect(stable.settle([msg('t', 'out', { role: 'tool', toolName: 'Bash' })])[0]).not.toBe(named);
    const [lined] = stable.settle([msg('l', 'x', { source: { line: 3 } })]);
    expect(stable.settle([msg('l', 'x', { source: { line: 4 } })])[0]).not.toBe(lined);
  });

  it("settles a session's history with its context: a hidden message and a shared one are the objects of the previous reading", () => {
    const stable = new StableMessages();
    const reading = () => {
      const hidden = msg('h', 'before the compaction');
      const summary = msg('s', 'the summary', { role: 'user', kind: 'summary' });
      const now = msg('n', 'after it');
      return {
        messages: [summary, now],
        history: { messages: [hidden, summary, now], compactions: [], calls: [] },
      };
    };
    const first = stable.settleSession(reading());
    const grown = reading();
    grown.messages.push(msg('x', 'appended'));
    grown.history.messages.push(grown.messages[2]!);
    const second = stable.settleSession(grown);
    expect(second.history!.messages[0]).toBe(first.history!.messages[0]);
    expect(second.messages[0]).toBe(first.messages[0]);
    expect(second.history!.messages[1]).toBe(second.messages[0]);
    expect(second.history!.messages[3]).toBe(second.messages[2]);
    expect(second.messages.map((m) => m.id)).toEqual(['s', 'n', 'x']);
  });

  it('a session without a history settles its messages alone', () => {
    const stable = new StableMessages();
    const first = stable.settleSession({ messages: [msg('a', 'hello')], title: 't' });
    const second = stable.settleSession({ messages: [msg('a', 'hello')], title: 't' });
    expect(second.messages[0]).toBe(first.messages[0]);
    expect(Object.keys(second).sort()).toEqual(['messages', 'title']);
    expect(second.title).toBe('t');
  });

  it('clear forgets: a replaced file reuses nothing', () => {
    const stable = new StableMessages();
    const [first] = stable.settle([msg('a', 'hello')]);
    stable.clear();
    expect(stable.settle([msg('a', 'hello')])[0]).not.toBe(first);
  });
});
