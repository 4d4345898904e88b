import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Role } from '../../core/message';
import { useUi } from '../../state/uiStore';
import { workerClient } from '../../worker/client';
import { prettyJson } from '../../worker/rawSource';
import type { TranscriptView } from '../../worker/protocol';
import { fmt } from '../format';
import { useDebounced } from '../useDebounced';
import './messages.css';
import { FATE_LABELS, type RowFate } from '../labels';

interface Props {
  view: TranscriptView;
  fates: readonly RowFate[];
}

function roleLabel(role: Role, summary: boolean): string {
  return summary ? 'summary' : role;
}

function Detail({ view, index }: { view: TranscriptView; index: number }) {
  const { data, error, isPending } = useQuery({
    queryKey: ['detail', view.key, index],
    queryFn: () => workerClient.request('detail', { index }).result,
    staleTime: Infinity,
  });
  if (isPending) return <div className="detail muted">Loading…</div>;
  if (error || !data)
    return <div className="detail field-error">Could not read this message: {String(error)}</div>;
  const m = data.message;
  return (
    <div className="detail" data-testid="message-detail">
      {m.reasoning && (
        <>
          <h4>Reasoning</h4>
          <pre className="message-text reasoning">{m.reasoning}</pre>
        </>
      )}
      <h4>Text</h4>
      <pre className="message-text">{m.content || '(no text)'}</pre>
      {m.toolCalls?.map((call) => (
        <div key={call.id}>
          <h4>
            Tool call <code>{call.name}</code> <span className="muted mono">{call.id}</span>
          </h4>
          <pre className="message-text">{prettyArguments(call.arguments)}</pre>
        </div>
      ))}
      <div className="meta muted mono">
        id {m.id}
        {m.toolCallId && ` · result of ${m.toolCallId}`}
        {m.toolName && ` · tool ${m.toolName}`}
        {m.turnId && ` · turn ${m.turnId}`}
        {m.images ? ` · ${m.images} image${m.images > 1 ? 's' : ''}` : ''}
        {m.source?.line !== undefined && ` · line ${m.source.line}`}
        {m.source?.path && ` · ${m.source.path}`}
      </div>
      <details>
        <summary>Raw source item</summary>
        <pre className="message-text raw" data-testid="raw-source">
          {data.raw ?? 'The source item could not be recovered.'}
        </pre>
      </details>
    </div>
  );
}

/** Tool-call arguments indented when they parse, as written otherwise; hostile nesting is cut short. */
function prettyArguments(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  return prettyJson(value);
}

/** Every message, virtualized, with its fate; expand a row for the full text and the raw item. */
export const MessageList = memo(function MessageList({ view, fates }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const { selected, scrollRequest, select } = useUi();
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 200);
  const [hit, setHit] = useState(0);
  const searchId = useId();

  // The virtualizer's functions are only called in this component's render, never memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: view.roles.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 30,
    overscan: 12,
  });

  // Only a new request scrolls (a bar clicked in the strip, a search match): a row clicked
  // here is already in view and stays where it is.
  const handledRequest = useRef(scrollRequest);
  useEffect(() => {
    if (selected === null || scrollRequest === handledRequest.current) return;
    handledRequest.current = scrollRequest;
    virtualizer.scrollToIndex(selected, { align: 'center' });
  }, [scrollRequest, selected, virtualizer]);

  const search = useQuery({
    queryKey: ['search', view.key, debounced],
    queryFn: () => workerClient.request('search', { query: debounced }).result,
    enabled: debounced.trim().length > 0,
    staleTime: Infinity,
  });
  const hits = useMemo(() => (debounced.trim() ? (search.data ?? []) : []), [debounced, search.data]);
  const hitSet = useMemo(() => new Set(hits), [hits]);

  const goTo = (n: number) => {
    if (!hits.length) return;
    const next = ((n % hits.length) + hits.length) % hits.length;
    setHit(next);
    select(hits[next], true);
  };

  const toggle = (index: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <section className="panel messages" aria-labelledby="messages-title">
      <div className="panel-head">
        <h2 id="messages-title">Messages</h2>
        <form
          className="search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            goTo(hit + 1);
          }}
        >
          <label htmlFor={searchId} className="visually-hidden">
            Search messages
          </label>
          <input
            id={searchId}
            data-testid="message-search"
            type="search"
            placeholder="Search messages"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setHit(-1);
            }}
          />
          <span className="muted" data-testid="search-count" aria-live="polite">
            {debounced.trim()
              ? search.isFetching
                ? '…'
                : `${hits.length ? hit + 1 : 0} / ${hits.length}`
              : ''}
          </span>
          <button
            type="button"
            disabled={!hits.length}
            onClick={() => goTo(hit - 1)}
            aria-label="Previous match"
          >
            ↑
          </button>
          <button type="submit" disabled={!hits.length} aria-label="Next match">
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
      <div ref={scroller} className="list-scroll" data-testid="message-list" tabIndex={-1}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const i = item.index;
            const role = view.roles[i];
            const fate = fates[i] ?? 'kept';
            const open = expanded.has(i);
            return (
              <div
                key={item.key}
                data-index={i}
                ref={virtualizer.measureElement}
                className={`row${selected === i ? ' selected' : ''}${hitSet.has(i) ? ' hit' : ''}`}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <button
                  type="button"
                  className="row-main"
                  data-testid="message-row"
                  data-index={i}
                  aria-expanded={open}
                  aria-current={selected === i || undefined}
                  onClick={() => {
                    select(i);
                    toggle(i);
                  }}
                >
                  <span className="mono idx">{i}</span>
                  <span className={`role role-${view.isSummary[i] ? 'summary' : role}`}>
                    {roleLabel(role, view.isSummary[i])}
                  </span>
                  <span className="num mono">{fmt(view.counts[i])}</span>
                  <span className={`fate fate-${fate}`}>{FATE_LABELS[fate]}</span>
                  <span className="msg-preview">
                    {view.previews[i] || <span className="muted">(empty)</span>}
                  </span>
                </button>
                {open && <Detail view={view} index={i} />}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
});
