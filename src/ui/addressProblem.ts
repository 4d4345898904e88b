/**
 * What stops the page from reaching an address the user typed: the shape
 * every surface checks (`baseUrlProblem`), then the page's own
 * Content-Security-Policy, which lets plain http reach this machine only.
 * Without this a server on another machine over http failed with the
 * browser's bare "Failed to fetch", after the run had started.
 */
import { baseUrlProblem } from '../providers/config';
import { connectAllowed } from '../security/contentSecurityPolicy';

/** Whether this page runs under the policy: the built app does; the development server has none. */
const underPolicy = () => document.querySelector('meta[http-equiv="Content-Security-Policy"]') !== null;

/** Why the policy refuses `raw`, with the ways around it, or null when it allows it. */
export function policyProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || !underPolicy() || connectAllowed(url.href, location.origin)) return null;
  const port = url.port || '80';
  const path = url.pathname === '/' ? '' : url.pathname;
  return (
    `this page reaches plain http only on this machine (localhost or 127.0.0.1), not ${url.hostname}: ` +
    `serve it over https, or forward its port here (ssh -L ${port}:${url.hostname}:${port} …, then http://localhost:${port}${path})`
  );
}

/** The base URL's problem, its shape first; null when the page can call it. */
export function addressProblem(raw: string): string | null {
  return baseUrlProblem(raw) ?? policyProblem(raw);
}
