/**
 * Where the window in force came from, under its field: the file's model
 * (`200,000 from the file's model claude-sonnet-4-5`), what the file states,
 * the user, a link, or the default; and, when the user's window hides the
 * file's, a way back to the file's.
 */
import { describeWindowOrigin, fileWindow } from '../../core/modelWindow';
import { useSettings } from '../../state/settingsStore';
import { fmt } from '../format';

export function WindowSource() {
  const tokens = useSettings((s) => s.settings.maxContextTokens);
  const origin = useSettings((s) => s.windowOrigin);
  const usage = useSettings((s) => s.fileUsage);
  const followFileWindow = useSettings((s) => s.followFileWindow);
  const file = fileWindow(usage);
  const hidden =
    (origin.from === 'typed' || origin.from === 'link') && file !== null && file.tokens !== tokens;
  return (
    <div className="field-note muted window-source">
      <span data-testid="window-source" data-origin={origin.from}>
        Window {describeWindowOrigin(tokens, origin)}
      </span>
      {hidden && (
        <>
          {' '}
          <button type="button" data-testid="window-use-file" onClick={followFileWindow}>
            use the file&apos;s {fmt(file.tokens)}
          </button>
        </>
      )}
    </div>
  );
}
