/**
 * Finding text in the messages. One matcher serves the worker, which decides
 * which messages match, and the page, which marks where: a message the worker
 * counts always shows its match highlighted.
 */
import type { Message } from '../core';

/** A match in a text, by UTF-16 offsets, end exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** One matching message and the line around its first match. */
export interface SearchHit {
  index: number;
  /** The line holding the first match, cut to about SNIPPET_CHARS around it (with … where cut). */
  snippet: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** More messages matched than MAX_HITS; only the first are listed. */
  capped: boolean;
}

/** Longer queries are cut: no one types more, and a pasted megabyte must not become a regular expression. */
export const MAX_QUERY_CHARS = 200;
export const MAX_HITS = 10_000;
/** Marks per text at most: a one-letter query in a megabyte of tool output must not create a million elements. */
export const MAX_MARKS = 1_000;
const SNIPPET_CHARS = 160;
/** How much of the line before the match a snippet keeps. */
const SNIPPET_LEAD = 24;

const SYNTAX = /[.*+?^${}()|[\]\\]/g;

/**
 * The query as a case-insensitive literal pattern, or null for a query of
 * only spaces. Leading and trailing spaces are ignored, as the box shows them
 * nowhere.
 */
export function searchPattern(query: string): RegExp | null {
  const needle = query.trim().slice(0, MAX_QUERY_CHARS);
  if (!needle) return null;
  return new RegExp(needle.replace(SYNTAX, '\\$&'), 'giu');
}

/** Where `query` occurs in `text`, at most `limit` times. */
export function matchRanges(text: string, query: string, limit = MAX_MARKS): TextRange[] {
  const pattern = searchPattern(query);
  if (!pattern) return [];
  const ranges: TextRange[] = [];
  for (let m = pattern.exec(text); m !== null && ranges.length < limit; m = pattern.exec(text)) {
    ranges.push({ start: m.index, end: m.index + m[0].length });
  }
  return ranges;
}

/** The texts of a message that search looks in, in the order the detail view shows them. */
function searchedTexts(m: Message): string[] {
  const texts = [m.reasoning ?? '', m.content];
  for (const call of m.toolCalls ?? []) texts.push(call.name, call.arguments);
  return texts;
}

/** The line around `start`, cut to SNIPPET_CHARS, with … where it was cut. */
export function snippetAt(text: string, start: number, end: number): string {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const newline = text.indexOf('\n', end);
  const lineEnd = newline < 0 ? text.length : newline;
  let from = lineStart;
  let to = lineEnd;
  if (to - from > SNIPPET_CHARS) {
    from = Math.max(lineStart, Math.min(start - SNIPPET_LEAD, lineEnd - SNIPPET_CHARS));
    to = Math.min(lineEnd, from + Math.max(SNIPPET_CHARS, end - from));
  }
  // Never cut a character in two.
  if (from > lineStart && isLowSurrogate(text.charCodeAt(from))) from--;
  if (to < lineEnd && isLowSurrogate(text.charCodeAt(to))) to++;
  return `${from > lineStart ? '…' : ''}${text.slice(from, to)}${to < lineEnd ? '…' : ''}`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The messages holding `query`, in order, each with the line of its first match. */
export function searchMessages(messages: readonly Message[], query: string): SearchResult {
  const pattern = searchPattern(query);
  const hits: SearchHit[] = [];
  if (!pattern) return { hits, capped: false };
  for (let index = 0; index < messages.length; index++) {
    for (const text of searchedTexts(messages[index])) {
      pattern.lastIndex = 0;
      const m = pattern.exec(text);
      if (!m) continue;
      if (hits.length === MAX_HITS) return { hits, capped: true };
      hits.push({ index, snippet: snippetAt(text, m.index, m.index + m[0].length) });
      break;
    }
  }
  return { hits, capped: false };
}
