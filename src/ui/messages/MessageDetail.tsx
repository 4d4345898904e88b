/**
 * One message in full: reasoning, text, tool calls, where it came from, and
 * its raw source item, each long text drawn a piece at a time.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { workerClient } from '../../worker/client';
import { prettyJson } from '../../worker/rawSource';
import type { TranscriptView } from '../../worker/protocol';
import { matchRanges } from '../../worker/search';
import { LongText } from '../text/LongText';
import { VisibleText } from '../text/VisibleText';
import { fmt } from '../format';

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

/** A short text of the message (a tool's name), drawn visibly, with the search's matches marked. */
function Marked({ text, query }: { text: string; query: string }) {
  const marks = useMemo(() => (query ? matchRanges(text, query) : undefined), [text, query]);
  return <VisibleText text={text} marks={marks} />;
}

/** A tool call's arguments, indented once per message rather than on every render. */
function Arguments({ text, query }: { text: string; query: string }) {
  const pretty = useMemo(() => prettyArguments(text), [text]);
  return <LongText text={pretty} query={query} className="message-text" />;
}

/**
 * Brings the first match into view inside its scrolling box, without
 * scrolling the list or the page: the list has already put this row where
 * the user is looking.
 */
function useFirstMarkInView(container: React.RefObject<HTMLElement | null>, ready: boolean, query: string) {
  useEffect(() => {
    if (!ready || !query) return;
    const mark = container.current?.querySelector('mark');
    const box = mark?.closest('pre');
    if (!mark || !box) return;
    const top = mark.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }, [container, ready, query]);
}

export function MessageDetail({
  view,
  index,
  query,
  onShowTokens,
}: {
  view: TranscriptView;
  index: number;
  /** The active search, whose matches are marked; '' for none. */
  query: string;
  onShowTokens(): void;
}) {
  const { data, error, isPending } = useQuery({
    queryKey: ['detail', view.key, index],
    queryFn: () => workerClient.request('detail', { index }).result,
    staleTime: Infinity,
  });
  const container = useRef<HTMLDivElement>(null);
  useFirstMarkInView(container, !!data, query);
  if (isPending) return <div className="detail muted">Loading…</div>;
  if (error || !data)
    return <div className="detail field-error">Could not read this message: {String(error)}</div>;
  const m = data.message;
  return (
    <div className="detail" data-testid="message-detail" ref={container}>
      {m.reasoning && (
        <>
          <h4>Reasoning</h4>
          <LongText text={m.reasoning} query={query} className="message-text reasoning" />
        </>
      )}
      {view.excerpts?.[index] === 'part' && (
        <p className="muted" data-testid="detail-opening">
          Only the opening of this message travelled in the link: the text below stops where the link cut it,
          and the rest was left out. Its count, {fmt(view.counts[index])} tokens, is of the whole message.
        </p>
      )}
      <h4>Text</h4>
      {m.content ? (
        <LongText text={m.content} query={query} className="message-text" />
      ) : (
        <pre className="message-text">(no text)</pre>
      )}
      {m.toolCalls?.map((call) => (
        <div key={call.id}>
          <h4>
            Tool call{' '}
            <code>
              <Marked text={call.name} query={query} />
            </code>{' '}
            <span className="muted mono">
              <VisibleText text={call.id} />
            </span>
          </h4>
          <Arguments text={call.arguments} query={query} />
        </div>
      ))}
      <div className="meta muted mono">
        id <VisibleText text={m.id} />
        {m.toolCallId && (
          <>
            {' · result of '}
            <VisibleText text={m.toolCallId} />
          </>
        )}
        {m.toolName && (
          <>
            {' · tool '}
            <VisibleText text={m.toolName} />
          </>
        )}
        {m.turnId && ` · turn ${m.turnId}`}
        {m.images ? ` · ${m.images} image${m.images > 1 ? 's' : ''}` : ''}
        {m.source?.line !== undefined && ` · line ${m.source.line}`}
        {m.source?.path && ` · ${m.source.path}`}
      </div>
      <div className="detail-actions">
        <button type="button" className="small" data-testid="show-tokens" onClick={onShowTokens}>
          Show its tokens
        </button>
      </div>
      <details>
        <summary>Raw source item</summary>
        {data.raw === null ? (
          <pre className="message-text raw" data-testid="raw-source">
            The source item could not be recovered.
          </pre>
        ) : (
          <LongText text={data.raw} className="message-text raw" testId="raw-source" />
        )}
      </details>
    </div>
  );
}
