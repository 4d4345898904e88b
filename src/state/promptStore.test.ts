import { describe, expect, it } from 'vitest';
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
