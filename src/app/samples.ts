/** The built-in samples, listed in public/samples/index.json. */
import type { FormatId } from '../formats/types';

export interface Sample {
  id: string;
  name: string;
  format: FormatId;
  file: string;
  description: string;
}

export function sampleUrl(sample: Sample): string {
  return new URL(`samples/${sample.file}`, new URL(import.meta.env.BASE_URL, location.href)).href;
}

let manifest: Promise<Sample[]> | null = null;

export function loadSamples(): Promise<Sample[]> {
  manifest ??= fetch(new URL('samples/index.json', new URL(import.meta.env.BASE_URL, location.href)))
    .then((r) => (r.ok ? (r.json() as Promise<Sample[]>) : []))
    .catch(() => []);
  return manifest;
}
