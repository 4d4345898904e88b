/** The virtualized message list: one tab stop, search marks, and each row opening to its text, raw item and tokens. */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Suspense,
  lazy,
  memo,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import type { Role } from '../../core/message';
import { useUi } from '../../state/uiStore';
import type { TranscriptView } from '../../worker/protocol';
import { matchRanges } from '../../worker/search';
import { fmt } from '../format';
import { FATE_LABELS, type RowFate } from '../labels';
import { VisibleText } from '../text/VisibleText';
import { keyTarget } from './listKeys';
import { useMessageSearch } from './useMessageSearch';
import { revealBelowNumbers } from '../revealBelowNumbers';
import './messages.css';

// A row's text and tokens show only once it is opened: loaded then, not with the first screen.
const MessageDetail = lazy(() => import('./MessageDetail').then((m) => ({ default: m.MessageDetail })));
const TokenPieces = lazy(() => import('./TokenPieces').then((m) => ({ default: m.TokenPieces })));

interface Props {
  view: TranscriptView;
  fates: readonly RowFate[];
  /** The fates lag a drag of the strip, to catch up when it rests. */
  following?: boolean;
}

function roleLabel(role: Role, summary: boolean): string {
  return summary ? 'summary' : role;
}

function toggled(set: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(set);
  if (next.has(index)) next.delete(index);
  else next.add(index);
  return next;
}

/** The first line of a message, or for a search match the line around it, with the match marked. */
function RowText({ text, query }: { text: string; query: string }) {
  if (!text) return <span className="muted">(empty)</span>;
  return <VisibleText text={text} marks={query ? matchRanges(text, query) : undefined} />;
}

/**
 * Every message, virtualized, with its fate; expand a row for the full text
 * and the raw item, or open its tokens. The list is one tab stop: the
 * selected row (else the first in view) takes the focus, and the arrow keys,
 * Home, End, Page Up and Page Down move the selection through the rows.
 */
export const MessageList = memo(function MessageList({ view, fates, following = false }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLElement>(null);
  const { selected, scrollRequest, select } = useUi();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [tokensOpen, setTokensOpen] = useState<ReadonlySet<number>>(() => new Set());
  const searchId = useId();
  const hintId = useId();
  const count = view.roles.length;

  // The virtualizer's functions are only called in this component's render, never memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => 30,
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
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    const button = scroller.current?.querySelector<HTMLElement>(`.row-main[data-index="${target}"]`);
    if (!button) return;
    focusNext.current = null;
    button.focus({ preventScroll: true });
  });

  const items = virtualizer.getVirtualItems();
  const offset = virtualizer.scrollOffset ?? 0;
  // The one row the Tab key reaches: the selected one when it is drawn, else the first in view.
  const tabStop =
    selected !== null && items.some((item) => item.index === selected)
      ? selected
      : (items.find((item) => item.end > offset)?.index ?? 0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('.row-main');
    if (!row || event.altKey || event.ctrlKey || event.metaKey) return;
    const from = Number(row.dataset.index);
    if (event.key === 't') {
      event.preventDefault();
      setTokensOpen((prev) => toggled(prev, from));
      return;
    }
    const perPage = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 300) / 30) - 1);
    const target = keyTarget(event.key, from, count, perPage);
    if (target === null) return;
    event.preventDefault();
    select(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    focusNext.current = target;
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
        <form className="search" role="search" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor={searchId} className="visually-hidden">
            Search messages
          </label>
          <input
            id={searchId}
            data-testid="message-search"
            type="search"
            placeholder="Search messages"
            title="Enter: next match · Shift+Enter: previous"
            value={search.query}
            onChange={(e) => search.setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              search.step(e.shiftKey ? -1 : 1);
            }}
          />
          <span className="muted search-count" data-testid="search-count" aria-live="polite">
            {search.label}
          </span>
          <button
            type="button"
            disabled={!search.hits.length}
            onClick={() => search.step(-1)}
            aria-label="Previous match"
          >
            ↑
          </button>
          <button
            type="button"
            disabled={!search.hits.length}
            onClick={() => search.step(1)}
            aria-label="Next match"
          >
            ↓
          </button>
        </form>
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
            const role = view.roles[i];
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
                <div className="row-line">
                  <button
                    type="button"
                    className="row-main"
                    data-testid="message-row"
                    data-index={i}
                    tabIndex={i === tabStop ? 0 : -1}
                    aria-expanded={open}
                    aria-current={selected === i || undefined}
                    onClick={() => {
                      select(i);
                      setExpanded((prev) => toggled(prev, i));
                    }}
                  >
                    <span className="mono idx">{i}</span>
                    <span className={`role role-${view.isSummary[i] ? 'summary' : role}`}>
                      {roleLabel(role, view.isSummary[i])}
                    </span>
                    <span className="num mono">{fmt(view.counts[i])}</span>
                    <span className={`fate fate-${fate}`}>{FATE_LABELS[fate]}</span>
                    <span className="msg-preview">
                      {view.excerpts?.[i] === 'none' && snippet === undefined ? (
                        <span className="text-omitted" data-testid="text-omitted">
                          {view.previews[i] ? `${view.previews[i]} · ` : ''}text not included in this link (
                          {fmt(view.counts[i])} tokens)
                        </span>
                      ) : (
                        <>
                          <RowText
                            text={snippet ?? view.previews[i]}
                            query={snippet !== undefined ? search.active : ''}
                          />
                          {view.excerpts?.[i] === 'part' && (
                            <span className="text-omitted" data-testid="text-partial">
                              {' '}
                              … the rest not included in this link
                            </span>
                          )}
                        </>
                      )}
                    </span>
                  </button>
                  <button
                    type="button"
                    className="row-tokens"
                    data-testid="row-tokens"
                    tabIndex={-1}
                    aria-pressed={tokensOpen.has(i)}
                    aria-label={`Tokens of message ${i}`}
                    title="Show this message token by token (T)"
                    onClick={() => {
                      select(i);
                      setTokensOpen((prev) => toggled(prev, i));
                    }}
                  >
                    tokens
                  </button>
                </div>
                <Suspense fallback={<p className="muted">Loading…</p>}>
                  {tokensOpen.has(i) && <TokenPieces view={view} index={i} />}
                  {open && (
                    <MessageDetail
                      view={view}
                      index={i}
                      query={search.active}
                      onShowTokens={() => setTokensOpen((prev) => new Set(prev).add(i))}
                    />
                  )}
                </Suspense>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
});
