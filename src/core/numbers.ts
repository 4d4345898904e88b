/**
 * Numbers as the core's messages print them: 20,000. One formatter for the
 * process, as `toLocaleString` builds a new one at every call (a drag at
 * 50,000 messages formats the formulas of every strategy at every frame).
 */
const EN = new Intl.NumberFormat('en-US');

export const formatCount = (value: number): string => EN.format(value);
