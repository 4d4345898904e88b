import { describe, expect, it } from 'vitest';
import { CASES_HELP } from './cases';
import { CASE_RUN_OPTIONS, optionHelp, parserOf } from './caseOptions';
import { CHECK_HELP } from './check';

/** The lines of a help's `Options:` block. */
const optionsBlock = (help: string) => help.split('Options:\n')[1].split('\n\n')[0];

describe('the options cases and check share', () => {
  it('lays a row out as usage, then its text wrapped under the text column', () => {
    expect(
      optionHelp({
        one: { usage: '--one N', help: 'short', parse: { type: 'string' } },
        two: {
          usage: '--two',
          help: 'a text long enough to need a second line once it passes the fifty-six characters left',
          parse: { type: 'boolean' },
        },
      }),
    ).toBe(
      [
        '  --one N             short',
        '  --two               a text long enough to need a second line once it passes',
        '                      the fifty-six characters left',
      ].join('\n'),
    );
  });

  it('are printed the same by both commands, after each one’s own', () => {
    const shared = optionHelp(CASE_RUN_OPTIONS);
    expect(optionsBlock(CASES_HELP)).toMatch(/^ {2}--strategy LIST /);
    expect(optionsBlock(CASES_HELP).endsWith(shared)).toBe(true);
    expect(optionsBlock(CHECK_HELP)).toMatch(/^ {2}--config FILE .*\n {2}--junit FILE /);
    expect(optionsBlock(CHECK_HELP).endsWith(shared)).toBe(true);
  });

  it('parse as their rows say', () => {
    expect(parserOf(CASE_RUN_OPTIONS)).toEqual({
      'follow-links': { type: 'boolean' },
      provider: { type: 'string' },
      model: { type: 'string' },
      'base-url': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
  });
});
