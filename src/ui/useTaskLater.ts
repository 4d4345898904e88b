/**
 * `value`, taken a task after it changes: a part of the page whose own update
 * is long (a chart that measures its labels and updates its store in effects)
 * then commits in a task of its own, not in the one that drew the rest. It is
 * taken in a transition, so React renders it a few milliseconds at a time and
 * only its commit and effects run at once.
 */
import { startTransition, useEffect, useState } from 'react';
import { nextTask } from './runInSlices';

export function useTaskLater<T>(value: T): T {
  const [later, setLater] = useState(value);
  useEffect(() => {
    if (later === value) return;
    let cancelled = false;
    void nextTask().then(() => {
      if (!cancelled) startTransition(() => setLater(() => value));
    });
    return () => {
      cancelled = true;
    };
  }, [value, later]);
  return later;
}
