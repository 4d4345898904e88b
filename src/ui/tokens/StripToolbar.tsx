/**
 * The row above the strip: the √-heights toggle, the zoom and pan buttons, and
 * a note with the zoomed range and the tallest bar. The buttons are the
 * keyboard's and the mouse's way to do what ctrl/⌘ + wheel and shift + wheel
 * do on the plot; the strip owns the view, and the toolbar asks for a new one.
 */
import { memo } from 'react';
import { rangeText } from './labels';
import type { View } from './view';
import { isFullView, panView } from './view';

interface StripToolbarProps {
  sqrt: boolean;
  onSqrtChange(sqrt: boolean): void;
  view: View;
  /** Messages in the transcript. */
  n: number;
  /** The tallest bar in view, in tokens (0: no note). */
  tallest: number;
  /** Zoom by `factor` (< 1 zooms in) around the strip's chosen anchor. */
  onZoomBy(factor: number): void;
  /** Show `view`, or everything for null. */
  onZoomChange(view: View | null): void;
}

export function StripToolbar({
  sqrt,
  onSqrtChange,
  view,
  n,
  tallest,
  onZoomBy,
  onZoomChange,
}: StripToolbarProps) {
  const zoomed = !isFullView(view, n);
  return (
    <div className="token-strip__toolbar">
      <SqrtToggle sqrt={sqrt} onSqrtChange={onSqrtChange} />
      <span className="token-strip__zoom" role="group" aria-label="Zoom">
        <button type="button" onClick={() => onZoomBy(1 / 2)} title="Zoom in (or ctrl/⌘ + wheel)">
          +
        </button>
        <button type="button" onClick={() => onZoomBy(2)} disabled={!zoomed} title="Zoom out">
          −
        </button>
        <button type="button" onClick={() => onZoomChange(null)} disabled={!zoomed} title="Show all messages">
          Fit
        </button>
        {zoomed ? (
          <>
            <button
              type="button"
              onClick={() => onZoomChange(panView(view, n, -(view.to - view.from) / 2))}
              disabled={view.from <= 0}
              aria-label="Pan to earlier messages"
              title="Earlier messages (or shift + wheel)"
            >
              ‹
            </button>
            <button
              type="button"
              onClick={() => onZoomChange(panView(view, n, (view.to - view.from) / 2))}
              disabled={view.to >= n}
              aria-label="Pan to later messages"
              title="Later messages (or shift + wheel)"
            >
              ›
            </button>
          </>
        ) : null}
      </span>
      <span className="token-strip__range muted">{rangeText(view, n, tallest)}</span>
    </div>
  );
}

/** Its own component, so a drag (which redraws the toolbar) leaves the checkbox alone. */
const SqrtToggle = memo(SqrtToggleComponent);

function SqrtToggleComponent({ sqrt, onSqrtChange }: Pick<StripToolbarProps, 'sqrt' | 'onSqrtChange'>) {
  return (
    <label className="token-strip__toggle">
      <input type="checkbox" checked={sqrt} onChange={(e) => onSqrtChange(e.target.checked)} />√ heights
    </label>
  );
}
