/**
 * Work on a list of messages that cannot change, done once. Comparing every
 * strategy at a recorded compaction hands each of them the same list; the
 * comparison freezes it, and what every strategy starts from (the cut index,
 * the tool shape) is made once per estimator. A list that is not frozen may
 * still grow, so nothing is kept for it.
 */
import type { Estimator } from './estimate';
import type { Message } from './message';

const memos = new WeakMap<readonly unknown[], Map<string, WeakMap<object, unknown>>>();

/** `make()`, made once per frozen `list`, `kind` and `key` (the estimator); made afresh for any other list. */
export function onFrozenList<T>(list: readonly unknown[], kind: string, key: object, make: () => T): T {
  if (!Object.isFrozen(list)) return make();
  let kinds = memos.get(list);
  if (!kinds) memos.set(list, (kinds = new Map()));
  let byKey = kinds.get(kind);
  if (!byKey) kinds.set(kind, (byKey = new WeakMap()));
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = make();
  byKey.set(key, value);
  return value;
}

/** `estimator.countMessages(messages)`, counted once for a frozen list. */
export function listTokens(messages: readonly Message[], estimator: Estimator): number {
  return onFrozenList(messages, 'tokens', estimator, () => estimator.countMessages(messages));
}
