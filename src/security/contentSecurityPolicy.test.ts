import { describe, expect, it } from 'vitest';
import { PROVIDER_PRESETS } from '../providers/presets';
import { CSP_HEADER, CSP_META, connectAllowed } from './contentSecurityPolicy';

const PAGE = 'https://playground.example';

describe('the content security policy', () => {
  it('allows no inline script, no eval and no inline style; WebAssembly may compile', () => {
    expect(CSP_HEADER.replace("'wasm-unsafe-eval'", '')).not.toContain('unsafe-');
    expect(CSP_HEADER).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(CSP_HEADER).toContain("style-src 'self';");
    expect(CSP_HEADER).toContain("object-src 'none';");
  });

  it('forbids framing in the header and leaves it out of the meta, where browsers ignore it', () => {
    expect(CSP_HEADER).toMatch(/(^|; )frame-ancestors 'none'($|;)/);
    expect(CSP_META).not.toContain('frame-ancestors');
    expect(CSP_HEADER.startsWith(CSP_META)).toBe(true);
  });

  it('lets the preview reach every preset base URL', () => {
    for (const preset of PROVIDER_PRESETS.filter((p) => p.baseUrl)) {
      expect(connectAllowed(preset.baseUrl, PAGE), preset.id).toBe(true);
    }
  });

  it('lets a custom base URL be any https server or a local one', () => {
    expect(connectAllowed('https://llm.internal.example:8443/v1', PAGE)).toBe(true);
    expect(connectAllowed('http://localhost:9000/v1', PAGE)).toBe(true);
    expect(connectAllowed('http://127.0.0.1:8000/v1', PAGE)).toBe(true);
    expect(connectAllowed(`${PAGE}/samples/index.json`, PAGE)).toBe(true);
  });

  it('refuses plain http to another machine, and other schemes', () => {
    expect(connectAllowed('http://192.168.1.20:8000/v1', PAGE)).toBe(false);
    expect(connectAllowed('http://gpu-box.lan/v1', PAGE)).toBe(false);
    expect(connectAllowed('ws://localhost:8000/', PAGE)).toBe(false);
  });
});
