/** One row of the message list: its number, role, tokens, fate and first line; opened, its tokens and its text. */
import { Suspense, lazy } from 'react';
import { fateLabel, type RowFate } from '../labels';
import type { TranscriptView } from '../../worker/protocol';
import { matchRanges } from '../../worker/search';
import { fmt } from '../format';
import { VisibleText } from '../text/VisibleText';
import { roleLabel } from './listRows';

// A row's text and tokens show only once it is opened: loaded then, not with the first screen.
const MessageDetail = lazy(() => import('./MessageDetail').then((m) => ({ default: m.MessageDetail })));
const TokenPieces = lazy(() => import('./TokenPieces').then((m) => ({ default: m.TokenPieces })));

/** The first line of a message, or for a search match the line around it, with the match marked. */
function RowText({ text, query }: { text: string; query: string }) {
  if (!text) return <span className="muted">(empty)</span>;
  return <VisibleText text={text} marks={query ? matchRanges(text, query) : undefined} />;
}

/** The row's line (the row itself, with its place in the virtual list, is the list's), its tokens and its text. */
export function MessageRow({
  view,
  index: i,
  fate,
  fires,
  open,
  tokensShown,
  selected,
  tabStop,
  snippet,
  query,
  onToggleOpen,
  onToggleTokens,
  onShowTokens,
}: {
  view: TranscriptView;
  index: number;
  fate: RowFate;
  /** The chosen strategy fires: else its fate is what would happen ("would be summarized"). */
  fires: boolean;
  /** Its text and raw item are shown. */
  open: boolean;
  /** It is shown token by token. */
  tokensShown: boolean;
  selected: boolean;
  /** The one row the Tab key reaches. */
  tabStop: boolean;
  /** The line around a search match in it, when it has one. */
  snippet: string | undefined;
  /** The search whose matches are marked. */
  query: string;
  onToggleOpen: () => void;
  onToggleTokens: () => void;
  onShowTokens: () => void;
}) {
  const role = view.roles[i];
  return (
    <>
      <div className="row-line">
        <button
          type="button"
          className="row-main"
          data-testid="message-row"
          data-index={i}
          tabIndex={tabStop ? 0 : -1}
          aria-expanded={open}
          aria-current={selected || undefined}
          onClick={onToggleOpen}
        >
          <span className="mono idx">{i}</span>
          <span className={`role role-${view.isSummary[i] ? 'summary' : role}`}>
            {roleLabel(role, view.isSummary[i])}
          </span>
          <span className="num mono">{fmt(view.counts[i])}</span>
          <span className={`fate fate-${fate}`}>{fateLabel(fate, fires)}</span>
          <span className="msg-preview">
            {view.excerpts?.[i] === 'none' && snippet === undefined ? (
              <span className="text-omitted" data-testid="text-omitted">
                {view.previews[i] ? `${view.previews[i]} · ` : ''}text not included in this link (
                {fmt(view.counts[i])} tokens)
              </span>
            ) : (
              <>
                <RowText text={snippet ?? view.previews[i]} query={snippet !== undefined ? query : ''} />
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
          aria-pressed={tokensShown}
          aria-label={`Tokens of message ${i}`}
          title="Show this message token by token (T)"
          onClick={onToggleTokens}
        >
          tokens
        </button>
      </div>
      <Suspense fallback={<p className="muted">Loading…</p>}>
        {tokensShown && <TokenPieces view={view} index={i} />}
        {open && <MessageDetail view={view} index={i} query={query} onShowTokens={onShowTokens} />}
      </Suspense>
    </>
  );
}
