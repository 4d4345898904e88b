/**
 * One message token by token, as tiktokenizer shows text: each token a
 * coloured piece, whitespace drawn visibly, the ids listed under each string.
 */
import { useQuery } from '@tanstack/react-query';
import { TOKEN_VIEW_LIMIT, type TokenPart } from '../../core/tokenPieces';
import { workerClient } from '../../worker/client';
import type { TranscriptView } from '../../worker/protocol';
import { fmt } from '../format';
import { TOKENIZER_LABELS } from '../labels';
import { VisibleText } from '../text/VisibleText';

const WHITESPACE_MARKS: Record<string, string> = { ' ': '·', '\t': '⇥', '\r': '␍', '\n': '↵\n' };

/** A token's text with its whitespace drawn (· space, ⇥ tab, ↵ line end, muted) and invisible characters named. */
function PieceText({ text }: { text: string }) {
  return text.split(/([ \t\r\n]+)/).map((run, k) =>
    k % 2 === 1 ? (
      <span key={k} className="ws">
        {Array.from(run, (c) => WHITESPACE_MARKS[c]).join('')}
      </span>
    ) : (
      run && <VisibleText key={k} text={run} />
    ),
  );
}

const plural = (n: number, word: string) => `${fmt(n)} ${word}${n === 1 ? '' : 's'}`;

function Part({ part }: { part: TokenPart }) {
  const cut = part.pieces.length < part.tokens;
  return (
    <div className="token-part" data-label={part.label}>
      <h4>
        <VisibleText text={part.label} /> <span className="muted">· {plural(part.tokens, 'token')}</span>
      </h4>
      {part.pieces.length > 0 && (
        <div className="pieces">
          {part.pieces.map((piece, k) => (
            <span
              key={k}
              className={`piece c${k % 5}${piece.partial ? ' partial' : ''}`}
              data-id={piece.id}
              title={piece.partial ? `token ${piece.id}: part of a character` : `token ${piece.id}`}
            >
              {piece.partial ? piece.text : <PieceText text={piece.text} />}
            </span>
          ))}
        </div>
      )}
      {cut && (
        <p className="muted small">
          {part.pieces.length
            ? `The first ${plural(part.pieces.length, 'token')} of ${fmt(part.tokens)} are shown.`
            : 'Not shown: the tokens above reached the limit.'}
        </p>
      )}
      {part.pieces.length > 0 && (
        <code className="token-ids" data-testid="token-ids">
          {part.pieces.map((p) => p.id).join(', ')}
          {cut ? ', …' : ''}
        </code>
      )}
    </div>
  );
}

export function TokenPieces({ view, index }: { view: TranscriptView; index: number }) {
  const { data, error, isPending } = useQuery({
    queryKey: ['tokens', view.key, index, view.tokenizer],
    queryFn: () => workerClient.request('tokens', { index, tokenizer: view.tokenizer }).result,
    staleTime: Infinity,
  });
  if (isPending) return <div className="token-pieces muted">Splitting into tokens…</div>;
  if (error)
    return <div className="token-pieces field-error">Could not split this message: {String(error)}</div>;
  if (data === null || data === undefined) {
    return (
      <div className="token-pieces muted" data-testid="token-pieces">
        {TOKENIZER_LABELS[view.tokenizer]} counts characters, not tokens: choose o200k_base or cl100k_base to
        see this message token by token.
      </div>
    );
  }
  const texts = data.parts.map((p) => `${p.label} ${fmt(p.tokens)}`).join(', ');
  return (
    <div className="token-pieces" data-testid="token-pieces">
      <p className="token-sum">
        <strong>{plural(data.total, 'token')}</strong> with {view.tokenizer}: <VisibleText text={texts} />,
        framing {fmt(data.framing)}
        {data.images > 0 && <span data-testid="token-images">, images {fmt(data.images)}</span>}
        {data.encrypted > 0 && <span data-testid="token-encrypted">, encrypted {fmt(data.encrypted)}</span>}.
        {view.scale !== 1 && (
          <span className="muted">
            {' '}
            The list shows them at scale {view.scale}: {fmt(view.counts[index])}.
          </span>
        )}
        {!data.complete && (
          <span className="muted"> At most {fmt(TOKEN_VIEW_LIMIT)} tokens are drawn per message.</span>
        )}
        {view.excerpts?.[index] && (
          <span className="muted" data-testid="token-pieces-excerpt">
            {' '}
            The link carried this message’s count, {fmt(view.counts[index])}, and{' '}
            {view.excerpts[index] === 'none' ? 'none' : 'only the start'} of its text: the pieces are of the
            text that travelled.
          </span>
        )}
      </p>
      {data.parts.map((part, k) => (
        // Two tool calls may share a name, and so a label.
        <Part key={k} part={part} />
      ))}
    </div>
  );
}
