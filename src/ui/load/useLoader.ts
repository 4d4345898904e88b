/** Starting a load from anywhere on the page, with the current tokenizer. */
import { useCallback } from 'react';
import { normalizeSettings } from '../../core/settings';
import { useSettings } from '../../state/settingsStore';
import { useTranscript, type LoadRequest } from '../../state/transcriptStore';
import { useUi } from '../../state/uiStore';

export function useLoader(): (request: LoadRequest) => Promise<boolean> {
  const load = useTranscript((s) => s.load);
  return useCallback(
    (request) => {
      const s = normalizeSettings(useSettings.getState().settings);
      useUi.getState().select(null);
      return load(request, s.tokenizer, s.scale);
    },
    [load],
  );
}
