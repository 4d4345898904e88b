/** The load controls, the loaded file's line and its notes; on a phone, folded to the file's line once a transcript is on the page. */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { issueKind } from '../../formats/issues';
import { useTranscript } from '../../state/transcriptStore';
import { ImportNotices } from './ImportNotices';
import { LoadPanel } from './LoadPanel';
import { SourceLine } from './SourceLine';

/**
 * On a phone the ways in took the first screen's top third, and pushed the
 * verdict's strip and its legend below it: once a transcript is loaded they
 * fold into its file line, with "Change" to open them again (by click or
 * keyboard). Folding hides them (CSS, under 600 px), never unmounts them, so
 * a half-typed address or paste stays. Each finished load folds them again.
 * Wider screens show everything, whatever the fold says.
 */
export function LoadArea() {
  const hasView = useTranscript((s) => s.view !== null);
  const lastRequest = useTranscript((s) => s.lastRequest);
  const notes = useTranscript((s) =>
    s.noticesDismissed ? 0 : (s.view?.issues.filter((issue) => issueKind(issue) === 'note').length ?? 0),
  );
  const [open, setOpen] = useState(false);
  // A finished load folds the controls again: adjusted while rendering, not in an effect that renders twice.
  const [loaded, setLoaded] = useState(lastRequest);
  if (loaded !== lastRequest) {
    setLoaded(lastRequest);
    setOpen(false);
  }
  const folded = hasView && !open;
  const rowId = useId();
  const area = useRef<HTMLDivElement>(null);
  const change = useRef<HTMLButtonElement>(null);
  const opening = useRef(false);
  // Whether the last element to take the focus was in the load panel: its Load button, disabled while
  // the load runs, hands the focus to the page before the load ends.
  const focusWasInLoad = useRef(false);
  useEffect(() => {
    const note = (event: FocusEvent) => {
      focusWasInLoad.current = !!area.current?.querySelector('.load')?.contains(event.target as Node);
    };
    document.addEventListener('focusin', note);
    return () => document.removeEventListener('focusin', note);
  }, []);
  useLayoutEffect(() => {
    const row = area.current?.querySelector('.load-row');
    // "Change" takes the focus to the first way in: the row sits above the file line, so Tab would pass it by.
    if (!folded && opening.current)
      row?.querySelector<HTMLElement>('button, select, input:not([tabindex="-1"])')?.focus();
    opening.current = false;
    // A load started from the opened controls (or the paste box under them) folds them: the focus they
    // held goes to "Change", not to the page.
    const active = document.activeElement;
    const lost = !active || active === document.body;
    if (
      folded &&
      (area.current?.querySelector('.load')?.contains(active) || (lost && focusWasInLoad.current))
    )
      change.current?.focus();
  }, [folded]);

  return (
    <div ref={area} className={folded ? 'load-area is-folded' : 'load-area'} data-testid="load-fold">
      <LoadPanel rowId={rowId} />
      <SourceLine
        change={
          <button
            ref={change}
            type="button"
            className="load-change"
            data-testid="load-change"
            aria-expanded={!folded}
            aria-controls={rowId}
            title="Open a file, paste, follow a file, pick a sample or open an address"
            onClick={() => {
              opening.current = folded;
              setOpen(folded);
            }}
          >
            Change
            {folded && notes > 0 && (
              <span className="muted"> · {notes === 1 ? '1 note' : `${notes} notes`}</span>
            )}
          </button>
        }
      />
      <ImportNotices />
    </div>
  );
}
