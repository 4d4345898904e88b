/**
 * The Content-Security-Policy of the built app, in one place. The build writes
 * it into index.html as a <meta>; the preview server (and any real deployment)
 * sends it as a header, which is the only way it reaches the worker: a module
 * worker's policy comes from its own script's response, not from the page.
 * docs/security.md says why each directive is what it is.
 */

export type Directive =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'worker-src'
  | 'frame-src'
  | 'object-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors';

/**
 * Plain http is allowed to this machine only. That is what a browser allows an
 * https page anyway (anything else is mixed content), so the app behaves the
 * same on http://localhost and on an https deployment. `[::1]` is left out:
 * Chromium rejects an IPv6 literal in a source list.
 */
export const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'] as const;

export const DIRECTIVES: Readonly<Record<Directive, readonly string[]>> = {
  'default-src': ["'self'"],
  // No 'unsafe-inline' and no 'unsafe-eval': every script is a file from the build.
  // 'wasm-unsafe-eval' lets WebAssembly compile, and nothing else: SQLite
  // (sql.js), fetched by an archive worker only when it meets OpenCode's database.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  // React and recharts set styles through the DOM (element.style), which a
  // policy does not govern; nothing writes a <style> element or a style attribute.
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  // The samples and the page's own files ('self'); the preview's providers and
  // transcripts opened by URL: any https server, since the custom base URL and
  // the URL loader take any address; local model servers on loopback.
  'connect-src': ["'self'", 'https:', ...LOOPBACK_SOURCES],
  'worker-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  // The page never submits a form anywhere (dialogs close with method="dialog",
  // which is not a submission the policy checks).
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/** Directives a browser ignores in a <meta> policy, with a console error saying so. */
const HEADER_ONLY: readonly Directive[] = ['frame-ancestors'];

function serialize(directives: readonly Directive[]): string {
  return directives.map((name) => [name, ...DIRECTIVES[name]].join(' ')).join('; ');
}

const ALL = Object.keys(DIRECTIVES) as Directive[];

/** The `Content-Security-Policy` response header: the whole policy. */
export const CSP_HEADER = serialize(ALL);

/** The `<meta http-equiv="Content-Security-Policy">` content: the policy less what a meta cannot carry. */
export const CSP_META = serialize(ALL.filter((name) => !HEADER_ONLY.includes(name)));

/**
 * Whether the policy lets a page at `pageOrigin` connect to `url`: the matching
 * rules of CSP for the three kinds of source connect-src uses ('self', a
 * scheme, a host with any port). A source of another kind is a programming
 * error here, so that a change to the policy cannot silently escape the tests.
 */
export function connectAllowed(url: string, pageOrigin: string): boolean {
  const target = new URL(url);
  return DIRECTIVES['connect-src'].some((source) => {
    if (source === "'self'") return target.origin === pageOrigin;
    if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return target.protocol === source;
    const host = /^([a-z]+:)\/\/([^/:]+):\*$/.exec(source);
    if (host) return target.protocol === host[1] && target.hostname === host[2];
    throw new Error(`connectAllowed does not understand the source ${source}`);
  });
}
