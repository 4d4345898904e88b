/** Copilot CLI's applied compactions counted from its events file: the lab's before and after `/compact`. */
import { describe, expect, it } from 'vitest';
import { appliedCompactions } from './copilot';

const complete = (outcome: string, trigger: string) =>
  JSON.stringify({ type: 'session.compaction_complete', data: { success: true, outcome, trigger } });

describe('appliedCompactions', () => {
  it('counts the applied compactions, automatic and manual, not the cancelled ones or their starts', () => {
    const events = [
      JSON.stringify({ type: 'session.start', data: {} }),
      JSON.stringify({ type: 'session.compaction_start', data: {} }),
      complete('applied', 'threshold'),
      complete('cancelled', 'threshold'),
      complete('applied', 'manual'),
      '',
    ].join('\n');
    expect(appliedCompactions(events)).toBe(2);
  });

  it('skips a half-written last line instead of failing on it', () => {
    expect(appliedCompactions(`${complete('applied', 'manual')}\n{"type":"session.comp`)).toBe(1);
  });
});
