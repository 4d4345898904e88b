/**
 * The context now against the window, under the header and in view without
 * opening the timeline: what the request holds by category (the part not in
 * the file, summaries, user, assistant, tool results by tool), then the free
 * space and the reserve. The bar is a picture for the eye; the same numbers
 * are a table one key press away ("By category"), for a screen reader too.
 */
import { useEffect, useMemo } from 'react';
import { useTimeline } from '../../state/timelineStore';
import { fmt } from '../format';
import { useDebounced } from '../useDebounced';
import type { PageAnalysis } from '../useAnalysis';
import { contextPicture, type ContextPart } from './contextPicture';
import './contextBar.css';

/** The typed part not in the file follows the field once typing pauses, as the timeline's does. */
const TYPED_QUIET_MS = 250;

/** A share of the bar's width, as CSS. */
const width = (tokens: number, scale: number) => `${(100 * tokens) / scale}%`;

/** Tenths of a percent, for the table: small parts still show as more than nothing. */
const share = (tokens: number, of: number) => (of > 0 ? `${((100 * tokens) / of).toFixed(1)}%` : '–');

const partKey = (part: ContextPart) => `${part.kind}:${part.tool ?? ''}`;

export function ContextBar({ analysis }: { analysis: PageAnalysis }) {
  const breakdown = useTimeline((s) => s.breakdown);
  const refreshBreakdown = useTimeline((s) => s.refreshBreakdown);
  const typedUnseen = useDebounced(analysis.settings.unseenTokens, TYPED_QUIET_MS);
  const viewKey = analysis.view.key;
  const estimated = analysis.view.estimatedFor !== undefined;
  useEffect(() => {
    if (!estimated) void refreshBreakdown(typedUnseen);
  }, [viewKey, estimated, typedUnseen, refreshBreakdown]);

  const { totalTokens, framingTokens, unseenTokens, contextTokens, settings } = analysis;
  const picture = useMemo(
    () =>
      contextPicture(
        {
          totalTokens,
          framingTokens,
          unseenTokens,
          contextTokens,
          window: settings.maxContextTokens,
          reserve: settings.reserveTokens,
        },
        breakdown,
      ),
    [totalTokens, framingTokens, unseenTokens, contextTokens, settings, breakdown],
  );
  const { parts, window, scale } = picture;
  const of = window > 0 ? window : contextTokens;

  return (
    <section className="context-bar" data-testid="context-bar" aria-labelledby="context-bar-title">
      <div className="context-bar-head">
        <h2 id="context-bar-title">Where do the tokens go?</h2>
        <span data-testid="context-bar-summary">
          <strong>{fmt(contextTokens)}</strong>
          {window > 0 ? (
            <>
              <span className="muted"> of </span>
              {fmt(window)}
              <span className="muted"> tokens ({share(contextTokens, window)}) · free </span>
              <span data-testid="context-free">{fmt(picture.free)}</span>
              <span className="muted"> · reserve </span>
              <span data-testid="context-reserve">{fmt(picture.reserve)}</span>
              {picture.over > 0 && (
                <span className="context-over" data-testid="context-over">
                  {' '}
                  · {fmt(picture.over)} past the window
                </span>
              )}
            </>
          ) : (
            <span className="muted"> tokens, no window (compaction off)</span>
          )}
        </span>
      </div>
      <div className="context-track" aria-hidden="true" data-testid="context-track">
        {parts.map((part) => (
          <span
            key={partKey(part)}
            className={`context-part part-${part.kind}`}
            data-kind={part.kind}
            style={{ width: width(part.tokens, scale) }}
            title={`${part.label}: ${fmt(part.tokens)} tokens`}
          />
        ))}
        {picture.free > 0 && (
          <span
            className="context-part part-free"
            style={{ width: width(picture.free, scale) }}
            title={`Free space: ${fmt(picture.free)} tokens`}
          />
        )}
        {picture.reserveLeft > 0 && (
          <span
            className="context-part part-reserve"
            style={{ width: width(picture.reserveLeft, scale) }}
            title={`Reserve for the response: ${fmt(picture.reserve)} tokens`}
          />
        )}
        {picture.over > 0 && <span className="context-window-edge" style={{ left: width(window, scale) }} />}
      </div>
      <details className="context-details">
        <summary data-testid="context-details-toggle">By category</summary>
        <table data-testid="context-table">
          <caption className="visually-hidden">The context now by category, against the window</caption>
          <thead>
            <tr>
              <th scope="col">part</th>
              <th scope="col">tokens</th>
              <th scope="col">{window > 0 ? 'of the window' : 'of the context'}</th>
            </tr>
          </thead>
          <tbody>
            {parts.map((part) => (
              <tr key={partKey(part)} data-kind={part.kind}>
                <th scope="row">
                  <span className={`context-swatch part-${part.kind}`} aria-hidden="true" />
                  {part.label}
                </th>
                <td>{fmt(part.tokens)}</td>
                <td>{share(part.tokens, of)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-kind="context">
              <th scope="row">In context</th>
              <td>{fmt(contextTokens)}</td>
              <td>{share(contextTokens, of)}</td>
            </tr>
            {window > 0 && (
              <>
                <tr data-kind="free">
                  <th scope="row">
                    <span className="context-swatch part-free" aria-hidden="true" />
                    Free space
                  </th>
                  <td>{fmt(picture.free)}</td>
                  <td>{share(picture.free, window)}</td>
                </tr>
                <tr data-kind="reserve">
                  <th scope="row">
                    <span className="context-swatch part-reserve" aria-hidden="true" />
                    Reserve for the response
                  </th>
                  <td>{fmt(picture.reserve)}</td>
                  <td>{share(picture.reserve, window)}</td>
                </tr>
                <tr data-kind="window">
                  <th scope="row">Window</th>
                  <td>{fmt(window)}</td>
                  <td>100%</td>
                </tr>
              </>
            )}
          </tfoot>
        </table>
        {!picture.byCategory && (
          <p className="muted small" data-testid="context-by-category-pending">
            The messages are split by category once their counts are exact.
          </p>
        )}
      </details>
    </section>
  );
}
