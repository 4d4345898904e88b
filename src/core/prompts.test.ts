import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROMPTS,
  MAX_PROMPT_CHARS,
  promptChanges,
  readPromptOverrides,
  resolvePrompts,
} from './prompts';

describe('the prompts a compaction sends', () => {
  it('takes each edit that says something and the default for the rest', () => {
    expect(resolvePrompts({ system: 'Be terse.', update: '   ' })).toEqual({
      ...DEFAULT_PROMPTS,
      system: 'Be terse.',
    });
    expect(resolvePrompts(undefined)).toEqual(DEFAULT_PROMPTS);
  });

  it('keeps as edits only the texts that differ from the defaults', () => {
    expect(promptChanges({ system: DEFAULT_PROMPTS.system, initial: 'Only paths.', turnPrefix: '' })).toEqual(
      {
        initial: 'Only paths.',
      },
    );
  });

  it('reads back what it can and names what it cannot', () => {
    expect(
      readPromptOverrides({
        system: 'Be terse.',
        initial: 7,
        tone: 'x',
        update: 'y'.repeat(MAX_PROMPT_CHARS + 1),
      }),
    ).toEqual({
      prompts: { system: 'Be terse.' },
      problems: [
        'initial: not text',
        '"tone" is not a prompt (known: system, initial, update, turnPrefix)',
        'update: 20,001 characters, over the limit of 20,000',
      ],
    });
    expect(readPromptOverrides(['x']).problems).toEqual(['the prompts are not an object of texts']);
  });
});
