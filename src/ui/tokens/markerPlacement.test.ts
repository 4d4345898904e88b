import { describe, expect, it } from 'vitest';
import { labelRows } from './markerPlacement';

describe('marker labels', () => {
  it('stacks overlapping labels into rows', () => {
    expect(labelRows([0, 50, 20], [40, 40, 40])).toEqual({ rows: [0, 0, 1], count: 2 });
    expect(labelRows([0, 100, 200], [40, 40, 40])).toEqual({ rows: [0, 0, 0], count: 1 });
    expect(labelRows([], [])).toEqual({ rows: [], count: 0 });
  });
});
