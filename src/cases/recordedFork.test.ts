import { describe, expect, it } from 'vitest';
import { loadEstimator } from '../core';
import { importTranscript } from '../formats/registry';
import { CaseError, loadCaseText, type SessionReader } from './caseFile';
import { sha256Hex } from './pins';
import { forkAtRecorded, recordedOrdinal } from './recordedFork';
import { recordedRows } from './recordedRun';

/** A pi session: three turns, a compaction keeping the third, a turn, a compaction keeping the fourth, a last turn. */
function piSession(): string {
  let parent: string | null = null;
  const lines: object[] = [
    {
      type: 'session',
      version: 3,
      id: 'sess-1',
      timestamp: '2026-03-04T09:00:00.000Z',
      cwd: '/home/dev/ledger',
    },
  ];
  const entry = (id: string, body: object) => {
    lines.push({ id, parentId: parent, timestamp: '2026-03-04T09:00:01.000Z', ...body });
    parent = id;
  };
  const turn = (n: number, ask: string, answer: string) => {
    entry(`u${n}`, { type: 'message', message: { role: 'user', content: ask, timestamp: 1 } });
    entry(`a${n}`, {
      type: 'message',
      message: {
        role: 'assistant',
        content: [{ type: 'text', text: answer }],
        stopReason: 'stop',
        timestamp: 2,
      },
    });
  };
  turn(
    1,
    'The ledger export drops rows dated 2024-02-29.',
    'The filter in src/export/range.ts skips leap days.',
  );
  turn(2, 'Keep the CSV header as LEDGER_V2.', 'Noted: the header stays LEDGER_V2.');
  turn(3, 'Now fix the range check.', 'Fixed isInRange in src/export/range.ts.');
  entry('c1', {
    type: 'compaction',
    summary: '## Goal\nFix leap-day rows in the export.',
    firstKeptEntryId: 'u3',
    tokensBefore: 5200,
  });
  turn(4, 'Add a test for 2024-02-29.', 'Added range.test.ts.');
  entry('c2', {
    type: 'compaction',
    summary: '## Goal\nLeap days fixed; a test added.',
    firstKeptEntryId: 'u4',
    tokensBefore: 900,
  });
  turn(5, 'Ship it.', 'Released 3.4.1.');
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}

const history = () => importTranscript(piSession(), { fileName: 'pi.jsonl' }).history!;

describe('forkAtRecorded', () => {
  it('is the context before the first compaction, with the tail pi kept starting at its first kept entry', () => {
    const fork = forkAtRecorded(history());
    expect(fork.ordinal).toBe(1);
    expect(fork.of).toBe(2);
    expect(fork.source).toBe('compaction');
    expect(fork.tokensBefore).toBe(5200);
    expect(fork.messages.map((m) => m.id)).toEqual(['u1', 'a1', 'u2', 'a2', 'u3', 'a3']);
    expect(fork.keptFrom).toBe(4);
    expect(fork.afterOrigins).toEqual([null, 4, 5]);
    expect(fork.after[0].content).toContain('Fix leap-day rows');
  });

  it('forks at the second compaction from the context the first one left', () => {
    const fork = forkAtRecorded(history(), 2);
    expect(fork.messages.map((m) => m.id)).toEqual(['c1', 'u3', 'a3', 'u4', 'a4']);
    expect(fork.keptFrom).toBe(3);
    expect(fork.afterOrigins).toEqual([null, 3, 4]);
  });

  it("leaves OpenCode's request for its summary out of the fork: the compaction wrote it, and it kept no tail", () => {
    const ids = { sessionID: 'ses_1' };
    const user = (id: string, parts: object[]) => ({
      info: { id, ...ids, role: 'user', time: { created: 1 } },
      parts: parts.map((p, i) => ({ ...p, id: `${id}_p${i}`, ...ids, messageID: id })),
    });
    const assistant = (id: string, text: string, extra: object = {}) => ({
      info: {
        id,
        ...ids,
        role: 'assistant',
        time: { created: 2, completed: 3 },
        parentID: 'x',
        finish: 'stop',
        ...extra,
      },
      parts: [{ type: 'text', text, id: `${id}_p0`, ...ids, messageID: id }],
    });
    const exported = JSON.stringify({
      info: { id: 'ses_1', title: 'VAT', directory: '/w', time: { created: 1, updated: 9 } },
      messages: [
        user('msg_1', [{ type: 'text', text: 'Prices show without VAT.' }]),
        assistant('msg_2', 'formatPrice in src/price.ts drops it.'),
        user('msg_3', [{ type: 'compaction', auto: true }]),
        assistant('msg_4', '## Goal\nAdd VAT to prices.', {
          parentID: 'msg_3',
          mode: 'compaction',
          agent: 'compaction',
          summary: true,
        }),
        user('msg_5', [{ type: 'text', text: 'Use 19%.' }]),
      ],
    });
    const fork = forkAtRecorded(importTranscript(exported, { fileName: 'ses.json' }).history!);
    expect(fork.messages.map((m) => m.id)).toEqual(['msg_1', 'msg_2']);
    expect(fork.keptFrom).toBeNull();
    expect(fork.source).toBe('summary message');
  });

  it('refuses a session without a compaction, and a compaction it does not have', () => {
    const plain = { messages: history().messages, compactions: [], calls: [] };
    expect(() => forkAtRecorded(plain)).toThrow(/records no compaction/);
    expect(() => forkAtRecorded(history(), 3)).toThrow(
      'the session records 2 compactions, so it has no 3rd to fork at',
    );
  });

  it('reads "recorded" as the first and "recorded:N" as the N-th', () => {
    expect(recordedOrdinal('recorded')).toBe(1);
    expect(recordedOrdinal('recorded:12')).toBe(12);
    expect(recordedOrdinal('recorded:0')).toBeNull();
    expect(recordedOrdinal(4)).toBeNull();
  });
});

const reader =
  (text: string): SessionReader =>
  async () => {
    const { messages, history } = importTranscript(text, { fileName: 'pi.jsonl' });
    return { messages, history, sessionFile: 'sessions/pi.jsonl', sha256: await sha256Hex(text) };
  };

const caseJson = (cuts: unknown[], facts: object[]) =>
  JSON.stringify({ id: 'leap', session: 'sessions/pi.jsonl', cuts, facts });

describe('a case with a recorded cut', () => {
  it('runs on the fork, cut where pi cut, and its facts index the fork', async () => {
    const loaded = await loadCaseText(
      'leap.case.json',
      caseJson(
        ['recorded', 'auto'],
        [
          { id: 'header', side: 'before', evidence: { message: 2, quote: 'LEDGER_V2' } },
          { id: 'fixed', side: 'after', evidence: { message: 5, quote: 'isInRange' } },
        ],
      ),
      reader(piSession()),
    );
    expect(loaded.messages).toHaveLength(6);
    expect(loaded.cuts).toEqual([4, 'auto']);
    expect(loaded.recorded?.keptFrom).toBe(4);
  });

  it("scores the agent's own compaction like a run: its summary, the tail it kept, and its size after", async () => {
    const loaded = await loadCaseText(
      'leap.case.json',
      caseJson(
        ['recorded'],
        [
          {
            id: 'leap-days',
            kind: 'artifact',
            side: 'before',
            evidence: { message: 1, quote: 'src/export/range.ts' },
          },
          { id: 'header', kind: 'identifier', side: 'before', evidence: { message: 2, quote: 'LEDGER_V2' } },
          { id: 'fixed', kind: 'identifier', side: 'after', evidence: { message: 5, quote: 'isInRange' } },
        ],
      ),
      reader(piSession()),
    );
    const estimator = await loadEstimator('chars4');
    const [row] = recordedRows([loaded], estimator);
    expect(row).toEqual({
      case: 'leap',
      source: 'compaction',
      ordinal: 1,
      keptFrom: 4,
      factsKept: 1,
      factsInSummary: 0,
      factsInKept: 1,
      factsTotal: 2,
      controlsKept: 1,
      controlsTotal: 1,
      tokensBefore: estimator.countMessages(loaded.messages),
      tokensAfter: estimator.countMessages(loaded.recorded!.after),
      recordedTokensBefore: 5200,
    });
  });

  it('names the case file, the cut and the session when the session has fewer compactions', async () => {
    const load = loadCaseText(
      'leap.case.json',
      caseJson(
        ['recorded:5'],
        [{ id: 'header', side: 'before', evidence: { message: 2, quote: 'LEDGER_V2' } }],
      ),
      reader(piSession()),
    );
    await expect(load).rejects.toThrow(CaseError);
    await expect(load).rejects.toThrow(
      'leap.case.json: case leap: cut "recorded:5": sessions/pi.jsonl: the session records 2 compactions, so it has no 5th to fork at',
    );
  });

  it('refuses two recorded compactions in one case', async () => {
    await expect(
      loadCaseText(
        'leap.case.json',
        caseJson(
          ['recorded', 'recorded:2'],
          [{ id: 'h', side: 'before', evidence: { message: 2, quote: 'LEDGER_V2' } }],
        ),
        reader(piSession()),
      ),
    ).rejects.toThrow('cuts fork at recorded compactions 1 and 2: a case forks at one');
  });
});
