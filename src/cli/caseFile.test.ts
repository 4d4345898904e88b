import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASE_SUFFIX, CaseSchema, FactSchema, loadCase, loadCases, messageText } from './caseFile';
import { scratch } from './testSupport.node';

const SESSION = {
  messages: [
    { role: 'user', content: 'Rename fetchUser to loadUser.' },
    { role: 'assistant', content: 'Renamed it in src/api/users.ts.' },
    { role: 'user', content: 'Now the docs.' },
  ],
};

function caseWith(overrides: object) {
  const dir = scratch('case-file-');
  dir.file('s.json', SESSION);
  return dir.file(
    'x.case.json',
    JSON.stringify({
      id: 'rename',
      session: 's.json',
      cuts: [2],
      facts: [
        { id: 'file', kind: 'artifact', side: 'before', evidence: { message: 1, quote: 'src/api/users.ts' } },
      ],
      ...overrides,
    }),
  );
}

describe('loadCase', () => {
  it('reads the session relative to the case, with defaults for kind, text and probes', async () => {
    const file = caseWith({
      cuts: undefined,
      facts: [{ id: 'ask', side: 'before', evidence: { message: 0, quote: 'fetchUser to loadUser' } }],
    });
    const kase = await loadCase(file);
    expect(kase.messages).toHaveLength(3);
    expect(kase.cuts).toEqual(['auto']);
    expect(kase.probes).toEqual([]);
    expect(kase.facts).toEqual([
      {
        id: 'ask',
        kind: 'constraint',
        text: 'fetchUser to loadUser',
        side: 'before',
        message: 0,
        quote: 'fetchUser to loadUser',
      },
    ]);
  });

  it('refuses a quote that is not in its message, naming the case, the fact and the index', async () => {
    const file = caseWith({
      facts: [{ id: 'file', side: 'before', evidence: { message: 0, quote: 'src/api/users.ts' } }],
    });
    await expect(loadCase(file)).rejects.toThrow(
      `${file}: case rename, fact file: the quote is not in message 0: "src/api/users.ts"`,
    );
  });

  it('refuses a message past the session, a side on the wrong side of a cut, a cut outside it', async () => {
    const past = caseWith({ facts: [{ id: 'f', side: 'before', evidence: { message: 3, quote: 'x' } }] });
    await expect(loadCase(past)).rejects.toThrow(
      'fact f: message 3 does not exist (the session has 3 messages)',
    );
    const side = caseWith({ facts: [{ id: 'f', side: 'after', evidence: { message: 1, quote: 'users' } }] });
    await expect(loadCase(side)).rejects.toThrow('fact f: side is "after" but message 1 is before cut 2');
    await expect(loadCase(caseWith({ cuts: [3] }))).rejects.toThrow(
      'case rename: cut 3 is not between 1 and 2 (the session has 3 messages)',
    );
  });

  it('names the field of a case that is not the shape', async () => {
    const file = caseWith({ facts: [{ id: 'f', side: 'middle', evidence: { message: 1, quote: 'users' } }] });
    await expect(loadCase(file)).rejects.toThrow(
      `${file}: facts.0.side: side must be "before" (summarized) or "after" (a control kept as is)`,
    );
    await expect(loadCase(caseWith({ extra: 1 }))).rejects.toThrow(
      'x.case.json: extra: not a field this file knows',
    );
  });
});

describe('the shipped cases', () => {
  const dir = resolve(import.meta.dirname, '../../cases');

  it('load, and every quote is found in its message', async () => {
    const cases = await loadCases(dir);
    expect(cases.length).toBeGreaterThanOrEqual(10);
    for (const kase of cases) {
      for (const fact of kase.facts) {
        expect(messageText(kase.messages[fact.message]), `${kase.id}: ${fact.id}`).toContain(fact.quote);
      }
      expect(
        kase.facts.some((f) => f.side === 'after'),
        `${kase.id} has a control`,
      ).toBe(true);
    }
  });

  it('every case file is named for its id', () => {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(CASE_SUFFIX))) {
      const { id } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { id: string };
      expect(name).toBe(`${id}${CASE_SUFFIX}`);
    }
  });

  it('the JSON Schema names the same fields as the validation', () => {
    const schema = JSON.parse(readFileSync(join(dir, 'case.schema.json'), 'utf8')) as {
      properties: Record<string, { items?: { properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(CaseSchema.entries).sort());
    expect(Object.keys(schema.properties.facts.items!.properties).sort()).toEqual(
      Object.keys(FactSchema.entries).sort(),
    );
  });
});
