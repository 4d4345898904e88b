/** The calls to pick from, each a bar as tall as its context: one stop in the tab order, the arrows move between them. */
import { useRef, type KeyboardEvent } from 'react';
import type { TimelineData } from '../../worker/protocol';
import { callLabel, pickHeight, toolbarTarget } from './chartData';

export function CallPicker({
  data,
  picks,
  pinned,
  focusCall,
  tallest,
  sizeOf,
  onPick,
}: {
  data: TimelineData;
  /** The calls offered. */
  picks: readonly number[];
  pinned: number | undefined;
  /** The one call the Tab key reaches. */
  focusCall: number | undefined;
  tallest: number;
  sizeOf: (call: number) => number;
  onPick: (call: number) => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  // One stop in the tab order; the arrows move between calls, as in a toolbar.
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = [...(group.current?.querySelectorAll<HTMLButtonElement>('button[data-call]') ?? [])];
    const to = toolbarTarget(e.key, buttons.indexOf(e.currentTarget), buttons.length);
    if (to === null) return;
    e.preventDefault();
    buttons[to]?.focus();
  };

  return (
    <div className="call-picker" role="toolbar" aria-label="Pick a call to see its context" ref={group}>
      {picks.map((k) => (
        <button
          key={k}
          type="button"
          data-testid="timeline-call"
          data-call={k}
          aria-pressed={pinned === k}
          aria-label={callLabel(data, k)}
          tabIndex={k === focusCall ? 0 : -1}
          onKeyDown={onKey}
          onClick={() => onPick(k)}
          style={{ height: `${pickHeight(sizeOf(k), tallest)}px` }}
        />
      ))}
    </div>
  );
}
