import { describe, expect, it } from 'vitest';
import { createWriteGate } from './deferredWrites';

describe('writes held while the page starts', () => {
  it('holds every write until the start is over, then runs the newest of each record once', () => {
    let started: () => void = () => undefined;
    const gate = createWriteGate((done) => (started = done));
    const ran: string[] = [];
    gate.run('settings', () => ran.push('settings 1'));
    gate.run('prompts', () => ran.push('prompts 1'));
    gate.run('settings', () => ran.push('settings 2'));
    expect(ran).toEqual([]);
    expect(gate.holding).toBe(true);
    started();
    expect(ran).toEqual(['settings 2', 'prompts 1']);
    // After the start, a write goes straight through.
    gate.run('settings', () => ran.push('settings 3'));
    expect(ran).toEqual(['settings 2', 'prompts 1', 'settings 3']);
    expect(gate.holding).toBe(false);
  });

  it('with nothing to wait for (no page), writes at once', () => {
    const gate = createWriteGate(null);
    const ran: string[] = [];
    gate.run('settings', () => ran.push('settings'));
    expect(ran).toEqual(['settings']);
  });

  it('drops the writes still waiting when the stored data is reset', () => {
    let started: () => void = () => undefined;
    const gate = createWriteGate((done) => (started = done));
    const ran: string[] = [];
    gate.run('settings', () => ran.push('settings'));
    gate.drop();
    started();
    expect(ran).toEqual([]);
  });
});
