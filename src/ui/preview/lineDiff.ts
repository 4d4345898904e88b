/**
 * Two summaries line by line: what both say, and what only one does. A
 * longest-common-subsequence walk; summaries are short, and past the cap the
 * rest is compared as one block rather than hanging the page.
 */

export type DiffLine = { op: 'same' | 'left' | 'right'; text: string };

/** Lines per side compared line by line; a summary is far shorter. */
export const MAX_DIFF_LINES = 1500;

export function lineDiff(left: string, right: string): DiffLine[] {
  const a = left.split('\n');
  const b = right.split('\n');
  if (a.length > MAX_DIFF_LINES || b.length > MAX_DIFF_LINES) {
    return [
      ...a.map((text) => ({ op: 'left' as const, text })),
      ...b.map((text) => ({ op: 'right' as const, text })),
    ];
  }
  // lengths[i][j]: the longest common run of a[i..] and b[j..].
  const lengths: Uint16Array[] = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i][j] =
        a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i] });
      i++;
      j++;
    } else if (lengths[i + 1][j] >= lengths[i][j + 1]) {
      out.push({ op: 'left', text: a[i++] });
    } else {
      out.push({ op: 'right', text: b[j++] });
    }
  }
  while (i < a.length) out.push({ op: 'left', text: a[i++] });
  while (j < b.length) out.push({ op: 'right', text: b[j++] });
  return out;
}
