/** The page state a link carries, read from the stores (never a key). */
import { findPreset } from '../../providers/presets';
import type { ShareProviderKind } from '../../share/payload';
import { sentPrompts, usePrompts } from '../../state/promptStore';
import { useProvider } from '../../state/providerStore';
import { useSettings } from '../../state/settingsStore';
import { useUi } from '../../state/uiStore';
import type { PreviewResult, ShareState } from '../../worker/protocol';

export function currentShareState(preview: PreviewResult | null): ShareState {
  const provider = useProvider.getState();
  const preset = provider.presetId === 'offline' ? null : findPreset(provider.presetId);
  return {
    settings: useSettings.getState().settings,
    provider: preset
      ? { kind: preset.kind as ShareProviderKind, model: provider.model, baseUrl: provider.baseUrl }
      : { kind: 'offline', model: '', baseUrl: '' },
    selectedIndex: useUi.getState().selected,
    prompts: sentPrompts(usePrompts.getState()),
    preview: preview
      ? {
          summary: preview.summary,
          degraded: preview.degraded,
          splitTurn: preview.splitTurn,
          ...(preview.usage ? { usage: preview.usage } : {}),
        }
      : null,
  };
}
