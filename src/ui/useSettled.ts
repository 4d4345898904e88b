/**
 * A value for the parts of the page that follow a drag rather than lead it.
 * While `value` changes faster than every `ms` (a handle being dragged), this
 * keeps the last value it settled on, and takes the new one once the changes
 * rest; a change of `key` (another transcript) is taken at once, so nothing
 * ever pairs one transcript's rows with another's values.
 */
import { useEffect, useState } from 'react';

export function useSettled<T>(value: T, key: unknown, ms: number): T {
  const [settled, setSettled] = useState({ value, key });
  useEffect(() => {
    if (settled.value === value) return;
    const t = setTimeout(() => setSettled({ value, key }), ms);
    return () => clearTimeout(t);
  }, [value, key, ms, settled.value]);
  return settled.key === key ? settled.value : value;
}
