/** The virtualized message list: one tab stop, search marks, and each row opening to its text, raw item and tokens. */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useUi } from '../../state/uiStore';
import type { TranscriptView } from '../../worker/protocol';
import type { RowFate } from '../labels';
import { keyTarget } from './listKeys';
import { ROW_HEIGHT, rowsPerPage, tabStopOf, toggled } from './listRows';
import { MessageRow } from './MessageRow';
import { SearchBox } from './SearchBox';
import { useMessageSearch } from './useMessageSearch';
import { revealBelowNumbers } from '../revealBelowNumbers';
import './messages.css';

interface Props {
  view: TranscriptView;
  fates: readonly RowFate[];
  /** The chosen strategy fires; else the fates are what would happen. */
  fires: boolean;
  /** The fates lag a drag of the strip, to catch up when it rests. */
  following?: boolean;
}

/**
 * Every message, virtualized, with its fate; expand a row for the full text
 * and the raw item, or open its tokens. The list is one tab stop: the
 * selected row (else the first in view) takes the focus, and the arrow keys,
 * Home, End, Page Up and Page Down move the selection through the rows.
 */
export const MessageList = memo(MessageListComponent);

function MessageListComponent({ view, fates, fires, following = false }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  const selected = useUi((s) => s.selected);
  const scrollRequest = useUi((s) => s.scrollRequest);
  const select = useUi((s) => s.select);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [tokensOpen, setTokensOpen] = useState<ReadonlySet<number>>(() => new Set());
  const hintId = useId();
  const count = view.roles.length;

  // The virtualizer's functions are only called in this component's render, never memoized.
  // eslint-disable-next-line react-hooks/incompatible-library -- so the compiler's warning does not apply
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  // Only a new request scrolls (a bar clicked in the strip, a search match): a row clicked
  // here is already in view and stays where it is. A bar clicked in the strip also brings
  // the list into view and opens the message: selecting a row far below the fold, with
  // nothing visible happening, read as a click that did nothing.
  const handledRequest = useRef(scrollRequest);
  useEffect(() => {
    if (selected === null || scrollRequest === handledRequest.current) return;
    // A row of a view still on its way (the followed file grew) is scrolled to once the list has it.
    if (selected >= count) return;
    handledRequest.current = scrollRequest;
    const open = useUi.getState().openRequested;
    if (open) {
      setExpanded((prev) => (prev.has(selected) ? prev : toggled(prev, selected)));
      if (panel.current) revealBelowNumbers(panel.current);
    }
    // An opened row goes to the top of the list, with its text below it.
    virtualizer.scrollToIndex(selected, { align: open ? 'start' : 'center' });
  }, [scrollRequest, selected, virtualizer, count]);

  const jump = useCallback((index: number) => select(index, true), [select]);
  const search = useMessageSearch(view, jump);

  // A row the keyboard moved to gets the focus once it is drawn: far rows appear only after the scroll.
  // `from` is the row that held the focus when the key was pressed. Focused in the commit that draws
  // the row (a layout effect), so no key lands on the page between the old row leaving and the new one.
  const focusNext = useRef<{ from: number; target: number } | null>(null);
  useLayoutEffect(() => {
    const target = focusNext.current?.target;
    if (target === undefined) return;
    const button = scroller.current?.querySelector<HTMLElement>(`.row-main[data-index="${target}"]`);
    if (!button) return;
    focusNext.current = null;
    button.focus({ preventScroll: true });
  });

  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.scrollOffset ?? 0;
  // The one row the Tab key reaches: the selected one when it is drawn, else the first in view.
  const tabStop = tabStopOf(selected, items, offset);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('.row-main');
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
    const at = Number(row.dataset.index);
    if (event.key === 't') {
      event.preventDefault();
      setTokensOpen((prev) => toggled(prev, at));
      return;
    }
    // A key pressed before the row the last key moved to is drawn, while the focus is still where that
    // key was pressed, moves on from that row: End then Up, faster than the list scrolls, is the row
    // before the last, not the row before the first.
    const pending = focusNext.current;
    const from = pending && pending.from === at ? pending.target : at;
    const perPage = rowsPerPage(scroller.current?.clientHeight);
    const target = keyTarget(event.key, from, count, perPage);
    if (target === null) return;
    event.preventDefault();
    select(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    focusNext.current = { from: at, target };
    // When the row is already drawn, focus it now: no render may follow.
    scroller.current
      ?.querySelector<HTMLElement>(`.row-main[data-index="${target}"]`)
      ?.focus({ preventScroll: true });
  };

  return (
    <section
      ref={panel}
      className={following ? 'panel messages is-following' : 'panel messages'}
      aria-labelledby="messages-title"
      aria-busy={following || undefined}
    >
      <div className="panel-head">
        <h2 id="messages-title">Messages</h2>
        <SearchBox search={search} />
      </div>
      <div className="list-header" aria-hidden="true">
        <span>#</span>
        <span>role</span>
        <span className="num">tokens</span>
        <span>fate</span>
        <span>text</span>
      </div>
      <span id={hintId} className="visually-hidden">
        Up and down arrows, Home and End move between messages; Enter opens one; T shows its tokens.
      </span>
      <div
        ref={scroller}
        className="list-scroll"
        data-testid="message-list"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div
          role="list"
          aria-label="Messages"
          aria-describedby={hintId}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {items.map((item) => {
            const i = item.index;
            const fate = fates[i] ?? 'kept';
            const open = expanded.has(i);
            const snippet = search.snippets.get(i);
            return (
              <div
                key={item.key}
                role="listitem"
                aria-posinset={i + 1}
                aria-setsize={count}
                data-index={i}
                ref={virtualizer.measureElement}
                className={`row${selected === i ? ' selected' : ''}${snippet !== undefined ? ' hit' : ''}`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageRow
                  view={view}
                  index={i}
                  fate={fate}
                  fires={fires}
                  open={open}
                  tokensShown={tokensOpen.has(i)}
                  selected={selected === i}
                  tabStop={i === tabStop}
                  snippet={snippet}
                  query={search.active}
                  onToggleOpen={() => {
                    select(i);
                    setExpanded((prev) => toggled(prev, i));
                  }}
                  onToggleTokens={() => {
                    select(i);
                    setTokensOpen((prev) => toggled(prev, i));
                  }}
                  onShowTokens={() => setTokensOpen((prev) => new Set(prev).add(i))}
                />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
