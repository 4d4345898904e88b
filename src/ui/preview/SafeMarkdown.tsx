/**
 * Just enough Markdown for a summary (headings, bullets, check boxes, bold,
 * inline code), built from React elements. Nothing is ever parsed as HTML.
 */
import { memo, type ReactNode } from 'react';
import { VisibleText } from '../text/VisibleText';

function inlineMarks(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /(\*\*[^*]+\*\*|`[^`]+`)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(<VisibleText key={`t${last}`} text={text.slice(last, match.index)} />);
    const token = match[0];
    out.push(
      token.startsWith('**') ? (
        <strong key={match.index}>
          <VisibleText text={token.slice(2, -2)} />
        </strong>
      ) : (
        <code key={match.index}>
          <VisibleText text={token.slice(1, -1)} />
        </code>
      ),
    );
    last = match.index + token.length;
  }
  if (last < text.length) out.push(<VisibleText key={`t${last}`} text={text.slice(last)} />);
  return out;
}

/** One line's bold and code marks; an unchanged line is not parsed again on the next frame. */
const Inline = memo(InlineComponent);

function InlineComponent({ text }: { text: string }) {
  return inlineMarks(text);
}

export function SafeMarkdown({ text }: { text: string }) {
  return <MarkdownLines lines={text.split('\n')} />;
}

/**
 * Lines drawn as Markdown blocks. `open`, the line a stream is still writing,
 * takes its block (heading, bullet) but shows its marks only once finished:
 * its pieces would change every frame, each kept alive by a memoized piece.
 */
export function MarkdownLines({ lines, open }: { lines: readonly string[]; open?: string }) {
  const blocks: ReactNode[] = [];
  let list: ReactNode[] = [];
  const flushList = () => {
    if (list.length) blocks.push(<ul key={`ul${blocks.length}`}>{list}</ul>);
    list = [];
  };
  const all = open === undefined ? lines : [...lines, open];
  all.forEach((line, i) => {
    const inline = (part: string) =>
      i === lines.length ? <VisibleText text={part} /> : <Inline text={part} />;
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^\s*(?:[-*]|\d+\.)\s+(?:\[( |x|X)\]\s+)?(.*)$/.exec(line);
    if (heading) {
      flushList();
      const level = Math.min(heading[1].length + 2, 6);
      const Tag = `h${level}` as 'h3' | 'h4' | 'h5' | 'h6';
      blocks.push(<Tag key={i}>{inline(heading[2])}</Tag>);
    } else if (bullet) {
      const box = bullet[1] === undefined ? null : bullet[1] === ' ' ? '☐ ' : '☑ ';
      list.push(
        <li key={i}>
          {box}
          {inline(bullet[2])}
        </li>,
      );
    } else if (line.trim() === '') {
      flushList();
    } else {
      flushList();
      blocks.push(<p key={i}>{inline(line)}</p>);
    }
  });
  flushList();
  return <div className="markdown">{blocks}</div>;
}
