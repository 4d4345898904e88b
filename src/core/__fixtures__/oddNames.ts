/**
 * Names a file, a link or a person can choose that break a plain object used
 * as a map: prototype members, a very long name, control and bidi characters.
 * Every store and table keyed by such a name is tested with each.
 */
export const ODD_NAMES: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'x'.repeat(10_000),
  'ctl\x00\x07\x1b[2J\x7f\x9b',
  'bidi\u202e\u2066txt\u2069',
];

/** A short title for a test named after one of them. */
export const oddTitle = (name: string): string =>
  JSON.stringify(name.slice(0, 20)) + (name.length > 20 ? `… (${name.length} characters)` : '');

/** `it.each` rows: the title, then the name. */
export const ODD_NAME_ROWS: readonly [string, string][] = ODD_NAMES.map((name) => [oddTitle(name), name]);
