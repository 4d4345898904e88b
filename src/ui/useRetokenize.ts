import { useEffect } from 'react';
import { useTranscript } from '../state/transcriptStore';
import type { PageAnalysis } from './useAnalysis';
import { useDebounced } from './useDebounced';

/** Counts again when the tokenizer or the scale changes (the store skips what the view already has). */
export function useRetokenize(analysis: PageAnalysis | null) {
  const retokenize = useTranscript((s) => s.retokenize);
  const tokenizer = analysis?.settings.tokenizer;
  const scale = useDebounced(analysis?.settings.scale, 300);
  const view = analysis?.view;
  useEffect(() => {
    if (!view || !tokenizer || scale === undefined) return;
    void retokenize(tokenizer, scale);
  }, [view, tokenizer, scale, retokenize]);
}
