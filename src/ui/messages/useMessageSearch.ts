/**
 * The message search as a find bar: the worker lists the matching messages,
 * the first one is selected and scrolled to as soon as they arrive, and
 * Enter / Shift+Enter step through them.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { SearchHit } from '../../worker/search';
import { workerClient } from '../../worker/client';
import type { TranscriptView } from '../../worker/protocol';
import { useDebounced } from '../useDebounced';
import { hitLabel, stepHit } from './searchSteps';

const NO_HITS: readonly SearchHit[] = [];

export interface MessageSearch {
  query: string;
  setQuery(query: string): void;
  /** The query the matches below belong to; '' when not searching. */
  active: string;
  hits: readonly SearchHit[];
  /** The first line holding a match, by message index. */
  snippets: ReadonlyMap<number, string>;
  /** Which hit is current, -1 for none. */
  current: number;
  /** "3 of 12", "No matches", "…" while searching, '' without a query. */
  label: string;
  step(direction: 1 | -1): void;
}

/** `jump(index)` selects and scrolls to a message. */
export function useMessageSearch(view: TranscriptView, jump: (index: number) => void): MessageSearch {
  const [query, setQuery] = useState('');
  const debounced = useDebounced(query, 200);
  const active = debounced.trim() ? debounced : '';
  const search = useQuery({
    queryKey: ['search', view.key, active],
    queryFn: () => workerClient.request('search', { query: active }).result,
    enabled: active !== '',
    staleTime: Infinity,
  });
  const data = active ? search.data : undefined;
  const hits = data?.hits ?? NO_HITS;
  const snippets = useMemo(() => new Map(hits.map((h) => [h.index, h.snippet])), [hits]);

  // The step the user took through this very result; a new result starts at its first hit.
  const [stepped, setStepped] = useState<{ hits: readonly SearchHit[]; current: number } | null>(null);
  const current = hits.length === 0 ? -1 : stepped?.hits === hits ? stepped.current : 0;

  // Jump to the first match as soon as a result arrives.
  useEffect(() => {
    if (hits.length) jump(hits[0].index);
  }, [hits, jump]);

  const step = (direction: 1 | -1) => {
    if (!hits.length) return;
    const next = stepHit(current, hits.length, direction);
    setStepped({ hits, current: next });
    jump(hits[next].index);
  };

  const pending = active !== '' && (search.isFetching || (!data && !search.isError));
  const label = !query.trim()
    ? ''
    : pending || query !== debounced
      ? '…'
      : search.isError
        ? 'Search failed'
        : hitLabel(current, hits.length, data?.capped ?? false);

  return { query, setQuery, active, hits, snippets, current, label, step };
}
