/** The page state a link carries, read from the stores (never a key). */
import { findPreset } from '../../providers/presets';
import { linkSettings, unseenInferred } from '../../share/linkSettings';
import type { ShareProviderKind } from '../../share/payload';
import { sentPrompts, usePrompts } from '../../state/promptStore';
import { useProvider } from '../../state/providerStore';
import type { SettingsFields } from '../../core/settings';
import { useSettings } from '../../state/settingsStore';
import { useTranscript } from '../../state/transcriptStore';
import { useUi } from '../../state/uiStore';
import type { PreviewResult, LinkState } from '../../worker/protocol';

/** The settings with the part not in the file the file's usage measured (`linkSettings`), and whether they got it. */
function sharedSettings(): { settings: SettingsFields; unseenInferred: boolean } {
  const { settings } = useSettings.getState();
  const measured = useTranscript.getState().view?.unseenTokens ?? null;
  return { settings: linkSettings(settings, measured), unseenInferred: unseenInferred(settings, measured) };
}

export function currentLinkState(preview: PreviewResult | null): LinkState {
  const provider = useProvider.getState();
  const preset = provider.presetId === 'offline' ? null : findPreset(provider.presetId);
  return {
    ...sharedSettings(),
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
