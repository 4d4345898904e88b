/** A value that follows another at most every so often: the archive's table while a folder is read. */
import { useEffect, useRef, useState } from 'react';

/**
 * `value`, changed at most every `ms` (0: at once); the last change always
 * arrives, at most `ms` late.
 */
export function useAtMostEvery<T>(value: T, ms: number): T {
  const [held, setHeld] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (held === value) return;
    const wait = ms === 0 ? 0 : last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setHeld(value);
      return;
    }
    const timer = setTimeout(() => {
      last.current = Date.now();
      setHeld(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, held, ms]);
  return ms === 0 ? value : held;
}
