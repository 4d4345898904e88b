/**
 * Objects used as maps from names that a file, a link or a person chose: a
 * model, a base URL, a tool. A plain `{}` answers `constructor`, `toString`
 * and `__proto__` from its prototype, and assigning to `__proto__` replaces
 * the prototype instead of storing an entry: an exact count saved for the
 * model `__proto__` once put its tokenizer field on every object of the page,
 * on every visit. A name map has no prototype, and it is read through
 * `ownValue`, so any string is an ordinary key that stores and reads back
 * exactly. Plain JSON still writes and reads one, so stored records keep
 * their shape.
 */

/** A record from any string to `T`, made by `nameMap` (no prototype). */
export type NameMap<T> = Record<string, T>;

/** A map with no prototype, holding `entries`. */
export function nameMap<T>(entries: Iterable<readonly [string, T]> = []): NameMap<T> {
  const map = Object.create(null) as NameMap<T>;
  for (const [name, value] of entries) map[name] = value;
  return map;
}

/**
 * The value stored under `name` in `map` itself, never one its prototype
 * answers: the one way to read a table by a name from outside (a tool name
 * from a transcript), whether the table is a name map or a constant literal.
 */
export function ownValue<T>(map: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(map, name) ? map[name] : undefined;
}

/** A copy of `map` with `name` set to `value`: a store's update, which never changes the map it had. */
export function withName<T>(map: Readonly<Record<string, T>>, name: string, value: T): NameMap<T> {
  const copy = nameMap(Object.entries(map));
  copy[name] = value;
  return copy;
}

/** A copy of `map` without `name`. */
export function withoutName<T>(map: Readonly<Record<string, T>>, name: string): NameMap<T> {
  const copy = nameMap(Object.entries(map));
  delete copy[name];
  return copy;
}
