import { describe, expect, it } from 'vitest';
import type { Message } from '../core/message';
import { checkPins, PinError, pinsFor, sha256Hex, type PinnedInput } from './pins';

const msg = (id: string): Message => ({ id, role: 'user', content: id });
const messages = ['e1', 'e2', 'e3', 'e4'].map(msg);
const SHA = 'a'.repeat(64);

const input = (over: Partial<PinnedInput> = {}): PinnedInput => ({
  id: 'leap',
  sha256: SHA,
  cuts: ['auto', 2],
  cutIds: { '2': 'e3' },
  facts: [
    { id: 'header', evidence: { message: 1, id: 'e2' } },
    { id: 'fix', evidence: { message: 3, id: 'e4' } },
  ],
  ...over,
});
const session = (sha256 = SHA) => ({ sessionFile: 'sessions/pi.jsonl', sha256 });

describe('sha256Hex', () => {
  it('is the SHA-256 of the text as UTF-8', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('checkPins', () => {
  it('keeps the indexes of a case whose session and ids are as pinned, with nothing to say', () => {
    expect(checkPins('leap.case.json', input(), session(), messages, ['auto', 2])).toEqual({
      cuts: ['auto', 2],
      factMessages: [1, 3],
      notices: [],
    });
  });

  it('loads a case without pins as written, with a notice naming it and cases --pin', () => {
    const pinned = checkPins(
      'leap.case.json',
      input({ sha256: undefined, cutIds: undefined }),
      session(),
      messages,
      ['auto', 2],
    );
    expect(pinned.factMessages).toEqual([1, 3]);
    expect(pinned.notices).toEqual([
      'leap.case.json: case leap: not pinned to its session (no sha256 or message ids): cases --pin writes them, so an edited session is caught',
    ]);
  });

  it('refuses a session whose sha256 changed, naming the session and each id that moved or is gone', () => {
    const edited = [msg('e0'), msg('e1'), msg('e2'), msg('e4')];
    expect(() => checkPins('leap.case.json', input(), session('b'.repeat(64)), edited, ['auto', 2])).toThrow(
      new PinError(
        'leap.case.json: case leap: its session sessions/pi.jsonl changed since the case was pinned (sha256 aaaaaaaaaaaa…, now bbbbbbbbbbbb…): ' +
          'cut 2: id e3 (message 2) is no longer in the session; fact header: message 1 is now 2 (id e2). ' +
          'Check the case against the session, then cases --pin writes the new pins',
      ),
    );
  });

  it('refuses a changed session even when every id is where it was', () => {
    expect(() =>
      checkPins('leap.case.json', input(), session('b'.repeat(64)), messages, ['auto', 2]),
    ).toThrow(/changed since the case was pinned .*: every pinned id is still at its index/);
  });

  it('follows the ids when the session is the one pinned but the importer numbers it differently', () => {
    const renumbered = [msg('x'), ...messages];
    const pinned = checkPins('leap.case.json', input(), session(), renumbered, ['auto', 2]);
    expect(pinned.cuts).toEqual(['auto', 3]);
    expect(pinned.factMessages).toEqual([2, 4]);
    expect(pinned.notices[0]).toBe(
      'leap.case.json: case leap: the session is the one pinned, but the importer numbers its messages differently: ' +
        'cut 2: message 2 is now 3 (id e3); fact header: message 1 is now 2 (id e2); fact fix: message 3 is now 4 (id e4); the ids are followed',
    );
  });
});

describe('pinsFor', () => {
  it('pins each numeric cut as written and each fact to the id of its message', () => {
    expect(pinsFor(input({ cuts: ['recorded', 2] }), SHA, messages)).toEqual({
      sha256: SHA,
      cutIds: { '2': 'e3' },
      factIds: ['e2', 'e4'],
    });
  });
});
