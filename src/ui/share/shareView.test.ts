import { describe, expect, it } from 'vitest';
import type { MinimalShareLink } from '../../worker/protocol';
import {
  findingsHeading,
  fullLinkTooLong,
  linkLength,
  minimalNotes,
  pageUrl,
  rangeLabel,
  rangesToAdd,
  rowLabel,
} from './shareView';

const PAGE = 'https://example.test/play/'; // 26 characters; a fragment adds 1 for '#'

/** A fragment that makes a link of exactly `length` characters on PAGE. */
const fragmentFor = (length: number) => 'x'.repeat(length - PAGE.length - 1);

describe('pageUrl', () => {
  it('drops the fragment and keeps the query', () => {
    expect(pageUrl('https://example.test/play/?q=1#v1.abc')).toBe('https://example.test/play/?q=1');
    expect(pageUrl(PAGE)).toBe(PAGE);
  });
});

describe('linkLength', () => {
  it('counts the whole link and says where it pastes', () => {
    expect(linkLength(PAGE, 'v1.abc')).toEqual({
      url: 'https://example.test/play/#v1.abc',
      cls: 'short',
      text: '33 characters · up to 2,000 characters: pastes anywhere',
    });
  });

  it('puts 2,000 characters in short, 2,001 to 8,000 in long, and more in too-long', () => {
    expect(linkLength(PAGE, fragmentFor(2_000)).text).toBe(
      '2,000 characters · up to 2,000 characters: pastes anywhere',
    );
    expect(linkLength(PAGE, fragmentFor(2_001)).text).toBe(
      '2,001 characters · up to 8,000 characters: most chats and trackers take it',
    );
    expect(linkLength(PAGE, fragmentFor(8_000)).cls).toBe('long');
    expect(linkLength(PAGE, fragmentFor(8_001)).text).toBe(
      '8,001 characters · too long for most places: attach the repro bundle instead',
    );
  });
});

describe('fullLinkTooLong', () => {
  it('puts the minimal link first when the full link has an error or would not paste', () => {
    expect(fullLinkTooLong({ error: 'The transcript is too large for a link.' }, PAGE)).toBe(true);
    expect(fullLinkTooLong({ fragment: fragmentFor(8_001) }, PAGE)).toBe(true);
  });

  it('keeps the full link first while it pastes, and before the links are built', () => {
    expect(fullLinkTooLong({ fragment: fragmentFor(8_000) }, PAGE)).toBe(false);
    expect(fullLinkTooLong({ fragment: 'v1.abc' }, PAGE)).toBe(false);
    expect(fullLinkTooLong(undefined, PAGE)).toBe(false);
  });
});

describe('findingsHeading', () => {
  it('says one string or many', () => {
    expect(findingsHeading(1)).toBe('1 key-shaped string found in what would be shared:');
    expect(findingsHeading(3)).toBe('3 key-shaped strings found in what would be shared:');
  });
});

describe('rowLabel', () => {
  it('names a message with text by its number and role', () => {
    expect(rowLabel({ from: 3, to: 3, role: 'user', tokens: 12, text: 'fix it', part: false })).toBe(
      '#3 user',
    );
  });

  it('names a run without text by its ends and its length', () => {
    expect(rowLabel({ from: 0, to: 39, role: null, tokens: 1_200, text: null, part: false })).toBe(
      '#0–#39 · 40 messages',
    );
    expect(rowLabel({ from: 1_000, to: 2_999, role: null, tokens: 9, text: null, part: false })).toBe(
      '#1000–#2999 · 2,000 messages',
    );
  });
});

describe('rangeLabel', () => {
  it('says the messages and how much of each text travels', () => {
    expect(rangeLabel({ from: 3, to: 7, chars: 200 })).toBe('#3–#7 · first 200');
    expect(rangeLabel({ from: 5, to: 5, chars: 1_500 })).toBe('#5 · first 1,500');
    expect(rangeLabel({ from: 12, to: 12 })).toBe('#12 whole');
  });
});

/** Two openings at the cut of a 198-message transcript, as the worker sends them. */
const atTheCut: MinimalShareLink = {
  fragment: 'm1.abc',
  messageCount: 198,
  withText: [40, 41],
  partial: [40, 41],
  cut: [
    { i: 41, part: 'first-kept' },
    { i: 40, part: 'before-cut' },
  ],
  openingChars: 51,
  added: [],
  textChars: 102,
  leftWithoutText: 0,
  filesLeftOut: 0,
  shortTurnIds: false,
  previewLeftOut: false,
  fits: true,
  session: { calls: 16, compactions: 2, carried: true },
  rows: [
    { from: 0, to: 39, role: null, tokens: 30_000, text: null, part: false },
    { from: 40, to: 40, role: 'assistant', tokens: 900, text: 'I will run the tests', part: true },
    { from: 41, to: 41, role: 'user', tokens: 40, text: 'They fail on CI', part: true },
  ],
};

/** Ranges added back past the target, a message left without text, and a preview left out. */
const addedBack: MinimalShareLink = {
  fragment: 'm1.def',
  messageCount: 10,
  withText: [3, 4, 5, 6, 7, 12, 40],
  partial: [3, 4, 5, 6, 7, 40],
  cut: [],
  openingChars: null,
  added: [
    { from: 3, to: 7, chars: 200, asked: 200 },
    { from: 12, to: 12, chars: 'all', asked: 'all' },
  ],
  textChars: 1_500,
  leftWithoutText: 1,
  filesLeftOut: 0,
  shortTurnIds: false,
  previewLeftOut: true,
  fits: false,
  session: { calls: 412, compactions: 1, carried: false },
  rows: [{ from: 0, to: 9, role: null, tokens: 800, text: null, part: false }],
};

describe('minimalNotes', () => {
  it('says what a link of openings at the cut carries, its cut and what was cut short', () => {
    expect(minimalNotes(atTheCut)).toEqual({
      carried:
        'Carries the counts of all 198 messages, the openings of 2 messages (102 characters of text); ' +
        'the text of 196 of 198 messages left out, which the reader sees as “text not included”, with their ' +
        'counts. Opened, it shows the same counts, cuts, fates and verdict as the whole transcript.',
      cut: 'The cut, always with text: #41 first kept, #40 last before the cut.',
      cutShort:
        'Cut short to fit 2,000 characters: its own openings to their first 51 characters. An opening ends ' +
        'in “…”, and the reader’s list marks it “the rest not included in this link”.',
      over: null,
      added: null,
      session:
        "The session over time travels: the timeline's 16 calls with their usage and 2 recorded compactions.",
      rowsTitle: 'What the reader sees (3 rows)',
    });
  });

  it('says what the ranges added back carry, why the link is long and that the preview stays out', () => {
    expect(minimalNotes(addedBack)).toEqual({
      carried:
        'Carries the counts of all 10 messages, the openings of 6 messages and the whole text of 1 message ' +
        '(1,500 characters of text); the text of 3 of 10 messages left out, which the reader sees as ' +
        '“text not included”, with their counts. Opened, it shows the same counts, cuts, fates and verdict ' +
        'as the whole transcript. The preview result is not in it (a summary alone is longer than a minimal ' +
        'link): the full link and the bundle carry it.',
      cut: null,
      cutShort:
        "Cut short to fit 2,000 characters: 1 other telling message (system prompt, summaries, other strategies' " +
        'cuts) left without text. An opening ends in “…”, and the reader’s list marks it “the rest not ' +
        'included in this link”.',
      over: 'Longer than 2,000 characters: the text added back makes it longer than 2,000 characters.',
      added: '#3–#7 the first 200 characters of each; #12 whole',
      session:
        "The recorded usage of the timeline's 412 calls is left out: the reader's timeline is estimated from the messages, with no recorded peak or input.",
      rowsTitle: 'What the reader sees (1 row)',
    });
  });

  it('says nothing of a session over time when the file records none', () => {
    expect(minimalNotes({ ...atTheCut, session: null }).session).toBeNull();
  });
});

describe('rangesToAdd', () => {
  it('gives each range the characters asked for', () => {
    expect(rangesToAdd({ text: '3-7, 12', chars: '200', whole: false })).toEqual({
      ranges: [
        { from: 3, to: 7, chars: 200 },
        { from: 12, to: 12, chars: 200 },
      ],
    });
  });

  it('gives whole texts no character count, whatever the characters field holds', () => {
    expect(rangesToAdd({ text: '#3–#7', chars: '', whole: true })).toEqual({
      ranges: [{ from: 3, to: 7 }],
    });
  });

  it('refuses a character count that is not a whole number from 1 to 100,000', () => {
    const refusal = { error: 'Expected a whole number of characters from 1 to 100,000.' };
    expect(rangesToAdd({ text: '3', chars: '0', whole: false })).toEqual(refusal);
    expect(rangesToAdd({ text: '3', chars: '2.5', whole: false })).toEqual(refusal);
    expect(rangesToAdd({ text: '3', chars: '', whole: false })).toEqual(refusal);
    expect(rangesToAdd({ text: '3', chars: '100001', whole: false })).toEqual(refusal);
  });

  it('says what is wrong with the messages before the characters', () => {
    expect(rangesToAdd({ text: '3, abc', chars: '0', whole: false })).toEqual({
      error: 'Expected message numbers such as 3-7, 12; "abc" is not one.',
    });
    expect(rangesToAdd({ text: '7-3', chars: '200', whole: false })).toEqual({
      error: 'The range 7-3 ends before it starts.',
    });
  });
});
