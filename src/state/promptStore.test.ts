import { describe, expect, it } from 'vitest';
import { ODD_NAMES } from '../core/__fixtures__/oddNames';
import { DEFAULT_PROMPTS } from '../core/prompts';
import { restorePrompts, sentPrompts, usePrompts } from './promptStore';

describe('the saved prompts', () => {
  it('restore the edits that are valid and say which were left out', () => {
    expect(restorePrompts({ prompts: { system: 'Be terse.', initial: 3 } }, 1)).toEqual({
      value: { prompts: { system: 'Be terse.' } },
      notices: ['A saved prompt was left out (initial: not text); its default is used.'],
    });
    expect(restorePrompts({ prompts: { system: 'x' } }, 9).value).toEqual({ prompts: {} });
  });

  it('keep an edit until it is set back to the default, and send only edits that say something', () => {
    const store = usePrompts.getState();
    store.set('system', 'Be terse.');
    store.set('update', '');
    expect(usePrompts.getState().prompts).toEqual({ system: 'Be terse.', update: '' });
    expect(sentPrompts(usePrompts.getState())).toEqual({ system: 'Be terse.' });
    store.set('system', DEFAULT_PROMPTS.system);
    store.reset('update');
    expect(usePrompts.getState().prompts).toEqual({});
    store.applyLink({ initial: 'Only paths.' });
    expect(usePrompts.getState().prompts).toEqual({ initial: 'Only paths.' });
    store.resetAll();
  });
});

describe('a saved prompt under an odd id', () => {
  it('is left out with a notice, the valid edits stay, and no object of the page gains a field', () => {
    const prompts = JSON.parse(
      JSON.stringify(Object.fromEntries([...ODD_NAMES.map((id) => [id, 'odd']), ['system', 'Be terse.']])),
    ) as Record<string, string>;
    const { value, notices } = restorePrompts({ prompts }, 1);
    expect(Object.entries(value.prompts)).toEqual([['system', 'Be terse.']]);
    expect(notices).toHaveLength(ODD_NAMES.length);
    expect(notices[0]).toBe(
      'A saved prompt was left out ("__proto__" is not a prompt (known: system, initial, update, turnPrefix)); its default is used.',
    );
    expect(({} as Record<string, unknown>).odd).toBeUndefined();
  });
});
