/** The message list's search: the query, the match count, and the previous and next match. */
import { useId } from 'react';
import type { MessageSearch } from './useMessageSearch';

export function SearchBox({ search }: { search: MessageSearch }) {
  const searchId = useId();
  return (
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
  );
}
