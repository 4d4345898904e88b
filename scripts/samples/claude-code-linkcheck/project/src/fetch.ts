export interface Probe {
  ok: boolean;
  status: number | null;
  error?: string;
}

/** One request with a deadline: HEAD first, GET when the server does not allow HEAD. */
export async function probe(url: string, timeoutMs: number): Promise<Probe> {
  try {
    let response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (response.status === 405 || response.status === 501) {
      response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    }
    return { ok: response.ok, status: response.status };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, status: null, error: message };
  }
}
