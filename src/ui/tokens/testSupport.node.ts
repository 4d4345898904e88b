/**
 * Shared by the strip's geometry tests: a ten-message transcript small enough
 * to check every number by hand, with its tail sums written out below, and the
 * full view of it.
 */
import { buildCutIndex } from '../../core/cutPoint';
import type { Role } from '../../core/message';

/*
 * #  role       tokens  tail from here (suffix)
 * 0  system      100    2500
 * 1  user         50    2400
 * 2  assistant   200    2350
 * 3  tool       1000    2150
 * 4  tool        300    1150
 * 5  assistant   150     850
 * 6  user         40     700
 * 7  assistant    60     660
 * 8  tool        500     600
 * 9  assistant   100     100
 */
export const roles: Role[] = [
  'system',
  'user',
  'assistant',
  'tool',
  'tool',
  'assistant',
  'user',
  'assistant',
  'tool',
  'assistant',
];
export const counts = [100, 50, 200, 1000, 300, 150, 40, 60, 500, 100];
export const plain = roles.map(() => false);
export const index = buildCutIndex(roles, counts);
export const full = { from: 0, to: 10 };
