/**
 * One slider laid over the strip: the keep-recent handle or the cut line. A
 * real element rather than canvas pixels, so it takes focus, arrow keys and
 * aria values. A press captures the pointer, so a drag keeps going when the
 * pointer leaves the strip, and the click that ends a drag is swallowed, so it
 * does not also select the message underneath. What a position or a key means
 * is the caller's business (sliders.ts); this element only reports them.
 *
 * Its grab zone reaches a few pixels either side of its line, less on the side
 * facing the other slider when the two are close (`grabZones`), so a press
 * always takes the nearer one. While the pointer is over it, it reports that
 * instead of letting the bar underneath claim the hover.
 */
import { useId } from 'react';
import type { CSSProperties, PointerEvent, ReactNode } from 'react';
import type { GrabZone, SliderKey } from './sliders';
import { isSliderKey } from './sliders';

interface StripSliderProps {
  /** The slider's class; ` is-offscreen` is added while its value lies outside the zoomed view. */
  className: string;
  offscreen: boolean;
  testId: string;
  label: string;
  min: number;
  max: number;
  value: number;
  valueText: string;
  /** How to work it with the pointer and the keys, for a screen reader (its description). */
  help: string;
  /** Where it is drawn, in CSS pixels from the plot's left edge (clamped to the plot). */
  x: number;
  /** How far its grab zone reaches left and right of the line. */
  zone: GrabZone;
  /** Its vertical extent in the plot. */
  place: Pick<CSSProperties, 'top' | 'bottom'>;
  /** A slider key was pressed; the browser's own handling is already prevented. */
  onStep(key: SliderKey): void;
  /** The captured pointer moved to `x`, in CSS pixels from the plot's left edge. */
  onDrag(x: number): void;
  /** A drag begins. */
  onGrab(): void;
  /** The pointer moves over the slider without dragging it, at `x` in the plot. */
  onHover(x: number): void;
  /** The slider lost focus. */
  onBlur(): void;
  /** The tab with the slider's value. */
  children: ReactNode;
}

/** x within the plot; a slider is the plot's direct child, so its parent is the plot. */
const plotX = (e: PointerEvent<HTMLDivElement>) => {
  const plot = e.currentTarget.parentElement;
  return plot ? e.clientX - plot.getBoundingClientRect().left : 0;
};

export function StripSlider(props: StripSliderProps) {
  const { onStep, onDrag, onGrab, onHover, onBlur, zone } = props;
  const helpId = useId();
  return (
    <>
      <div
        className={`${props.className}${props.offscreen ? ' is-offscreen' : ''}`}
        data-testid={props.testId}
        role="slider"
        tabIndex={0}
        aria-label={props.label}
        aria-describedby={helpId}
        aria-valuemin={props.min}
        aria-valuemax={props.max}
        aria-valuenow={props.value}
        aria-valuetext={props.valueText}
        aria-orientation="horizontal"
        style={
          {
            transform: `translateX(${props.x}px)`,
            left: -zone.left,
            width: zone.left + zone.right,
            '--line-left': `${zone.left}px`,
            '--line-right': `${zone.right}px`,
            ...props.place,
          } as CSSProperties
        }
        onBlur={onBlur}
        onKeyDown={(e) => {
          if (!isSliderKey(e.key)) return;
          e.preventDefault();
          onStep(e.key);
        }}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.preventDefault();
          e.stopPropagation();
          e.currentTarget.setPointerCapture(e.pointerId);
          e.currentTarget.focus({ preventScroll: true });
          onGrab();
        }}
        onPointerMove={(e) => {
          e.stopPropagation();
          if (e.currentTarget.hasPointerCapture(e.pointerId)) onDrag(plotX(e));
          else onHover(plotX(e));
        }}
        onPointerUp={(e) => {
          if (e.currentTarget.hasPointerCapture(e.pointerId))
            e.currentTarget.releasePointerCapture(e.pointerId);
        }}
        // A drag ends in a click; it must not select the message under the handle.
        onClick={(e) => e.stopPropagation()}
      >
        {props.children}
      </div>
      <span id={helpId} className="visually-hidden">
        {props.help}
      </span>
    </>
  );
}
