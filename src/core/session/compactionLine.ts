/**
 * A compaction the file records, in one line: what it was and what it left,
 * as the agent recorded it. The line a live view prints when a compaction
 * appears, and the status line's note after one; a judgement of what the
 * summary lost, when there is one, takes this function's place.
 */
import { formatCount } from '../numbers';
import type { RecordedCompaction } from './history';

export function compactionLine(c: RecordedCompaction): string {
  const how = c.trigger ? `${c.trigger} compaction` : 'compaction';
  const where = c.line !== undefined ? ` at line ${c.line}` : '';
  const sizes =
    c.tokensBefore !== null && c.tokensAfter !== null
      ? `${formatCount(c.tokensBefore)} → ${formatCount(c.tokensAfter)} tokens`
      : c.tokensBefore !== null
        ? `${formatCount(c.tokensBefore)} tokens before`
        : 'sizes not recorded';
  return `${how}${where}: ${sizes}`;
}
