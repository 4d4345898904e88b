/** Starting a load from anywhere on the page (the store counts with the current tokenizer). */
import { useCallback } from 'react';
import { MAX_BUNDLE_CHARS } from '../share/limits';
import { useTranscript, type LoadRequest } from '../state/transcriptStore';
import { useUi } from '../state/uiStore';
import { looksLikeBundle, openBundle } from './openLink';

/** A repro bundle dropped or picked like a transcript opens as the state it carries. */
async function asBundle(request: LoadRequest): Promise<string | null> {
  const { source } = request;
  if (source.kind === 'text') return looksLikeBundle(source.text) ? source.text : null;
  if (source.kind !== 'file' || source.file.size > MAX_BUNDLE_CHARS * 4) return null;
  const head = await source.file.slice(0, 200).text();
  return looksLikeBundle(head) ? source.file.text() : null;
}

export function useLoader(): (request: LoadRequest) => Promise<boolean> {
  const load = useTranscript((s) => s.load);
  return useCallback(
    async (request) => {
      const bundle = await asBundle(request);
      if (bundle !== null) return openBundle(bundle, request.sourceName);
      useUi.getState().select(null);
      return load(request);
    },
    [load],
  );
}
