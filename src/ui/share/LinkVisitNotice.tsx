/**
 * What a link set that this visit uses and the device does not keep: its
 * settings and its summarizer. Each can be kept as the user's own, or
 * dropped for what the user had saved; nothing a link set is saved otherwise.
 * (The link's prompts say the same in the prompt editor, and a server no
 * preset uses waits for "Use this server" under the preview.)
 */
import { memo } from 'react';
import { findPreset } from '../../providers/presets';
import { useProvider } from '../../state/providerStore';
import { useSettings } from '../../state/settingsStore';

function summarizerName(presetId: string, model: string): string {
  if (presetId === 'offline') return 'the offline summarizer';
  const label = findPreset(presetId as Parameters<typeof findPreset>[0])?.label ?? presetId;
  return model ? `${label}, model ${model}` : label;
}

export const LinkVisitNotice = memo(LinkVisitNoticeComponent);

function LinkVisitNoticeComponent() {
  const settingsFromLink = useSettings((s) => s.ownBeforeLink !== null);
  const { keepLinkSettings, backToOwnSettings } = useSettings.getState();
  const ownChoice = useProvider((s) => (s.unconfirmedBaseUrl === null ? s.confirmedChoice : null));
  const linkChoice = useProvider((s) => summarizerName(s.presetId, s.model));
  const { keepLinkChoice, backToOwnChoice } = useProvider.getState();
  if (!settingsFromLink && !ownChoice) return null;
  return (
    <div className="link-visit" data-testid="link-visit">
      {settingsFromLink && (
        <div className="link-banner info" data-testid="link-visit-settings">
          <span>
            The settings come from the shared link, for this visit only: your own stay saved for your next
            visit. Changing a setting makes these yours.
          </span>
          <span className="link-visit-actions">
            <button type="button" data-testid="link-keep-settings" onClick={keepLinkSettings}>
              Keep these settings
            </button>
            <button type="button" data-testid="link-own-settings" onClick={backToOwnSettings}>
              Back to my settings
            </button>
          </span>
        </div>
      )}
      {ownChoice && (
        <div className="link-banner info" data-testid="link-visit-summarizer">
          <span>
            The shared link chose {linkChoice} for the preview, for this visit only; yours (
            {summarizerName(ownChoice.presetId, ownChoice.model)}) stays saved.
          </span>
          <span className="link-visit-actions">
            <button type="button" data-testid="link-keep-summarizer" onClick={keepLinkChoice}>
              Keep this summarizer
            </button>
            <button type="button" data-testid="link-own-summarizer" onClick={backToOwnChoice}>
              Back to mine
            </button>
          </span>
        </div>
      )}
    </div>
  );
}
