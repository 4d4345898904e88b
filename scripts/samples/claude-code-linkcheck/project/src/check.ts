import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Link } from './extract.js';
import { probe } from './fetch.js';

export interface Result extends Link {
  ok: boolean;
  status: number | null;
  error?: string;
}

export interface CheckOptions {
  timeoutMs: number;
  ignore: RegExp[];
}

/** Checks every link in order. Remote links are probed one at a time. */
export async function checkLinks(links: Link[], options: CheckOptions): Promise<Result[]> {
  const results: Result[] = [];
  for (const link of links) {
    if (options.ignore.some((re) => re.test(link.url))) continue;
    if (/^https?:\/\//.test(link.url)) {
      results.push({ ...link, ...(await probe(link.url, options.timeoutMs)) });
    } else if (link.url.startsWith('#') || link.url.startsWith('mailto:')) {
      results.push({ ...link, ok: true, status: null });
    } else {
      const target = resolve(dirname(link.file), link.url.split('#')[0]);
      results.push({ ...link, ok: existsSync(target), status: null, error: existsSync(target) ? undefined : 'no such file' });
    }
  }
  return results;
}
