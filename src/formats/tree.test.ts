import { describe, expect, it } from 'vitest';
import { IssueLog } from './issues';
import { pathInFileOrder, pathToRoot } from './tree';

interface N {
  id: string;
  parent: string | null;
  line: number;
}

const walk = (nodes: N[], leaf: string, stopAt?: (n: N) => boolean) => {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const log = new IssueLog();
  const path = pathToRoot(
    byId.get(leaf),
    (n) => n.id,
    (id) => byId.get(id),
    log,
    { link: 'parentId', item: 'An entry' },
    stopAt,
  );
  return { ids: path.map((n) => n.id), issues: log.issues.map((i) => [i.code, i.line, i.message]) };
};

describe('pathToRoot', () => {
  const tree: N[] = [
    { id: 'a', parent: null, line: 1 },
    { id: 'b', parent: 'a', line: 2 },
    { id: 'side', parent: 'a', line: 3 },
    { id: 'c', parent: 'b', line: 4 },
  ];

  it('follows the leaf back to the root and leaves side branches out', () => {
    expect(walk(tree, 'c')).toEqual({ ids: ['a', 'b', 'c'], issues: [] });
  });

  it('stops where the history begins anew', () => {
    expect(walk(tree, 'c', (n) => n.id === 'b').ids).toEqual(['b', 'c']);
  });

  it('starts after a parent that is not in the file, and says where', () => {
    expect(walk([{ id: 'x', parent: 'gone', line: 7 }], 'x')).toEqual({
      ids: ['x'],
      issues: [
        [
          'broken-parent-link',
          7,
          'An entry points at a parent that is not in the file; the conversation starts after it',
        ],
      ],
    });
  });

  it('cuts a cycle instead of looping forever', () => {
    const cycle: N[] = [
      { id: 'p', parent: 'q', line: 1 },
      { id: 'q', parent: 'p', line: 2 },
    ];
    expect(walk(cycle, 'q')).toEqual({
      ids: ['p', 'q'],
      issues: [['parent-cycle', 2, 'The parentId links form a cycle; the conversation was cut there']],
    });
  });
});

describe('pathInFileOrder', () => {
  const nodes = ['a', 'side', 'boundary', 'b', 'c', 'after'];
  const include = (n: string) => n !== 'side';

  it('keeps the included nodes up to the leaf, from the newest restart point', () => {
    expect(pathInFileOrder(nodes, 'c', include)).toEqual(['a', 'boundary', 'b', 'c']);
    expect(pathInFileOrder(nodes, 'c', include, (n) => n === 'boundary')).toEqual(['boundary', 'b', 'c']);
  });

  it('is empty without a leaf', () => {
    expect(pathInFileOrder(nodes, null, include)).toEqual([]);
  });
});
