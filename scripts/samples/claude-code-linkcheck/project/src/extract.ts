export interface Link {
  file: string;
  line: number;
  url: string;
}

const INLINE = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*(\S+)/;

/** Every link target in a Markdown file, with the line it is on. Code blocks are skipped. */
export function extractLinks(file: string, text: string): Link[] {
  const links: Link[] = [];
  let fenced = false;
  text.split('\n').forEach((source, i) => {
    if (/^\s*(```|~~~)/.test(source)) fenced = !fenced;
    if (fenced) return;
    const definition = DEFINITION.exec(source);
    if (definition) links.push({ file, line: i + 1, url: definition[1] });
    for (const match of source.matchAll(INLINE)) links.push({ file, line: i + 1, url: match[1] });
  });
  return links;
}
