/** "Follow this file", or the sentence saying the browser lacks the File System Access API. */
import { memo } from 'react';
import { openFilePicker, useFollow } from '../../state/followStore';

/**
 * "Follow this file" where the browser has the File System Access API: the
 * user picks a session file once and the page reads what is appended to it
 * every second while it is visible. Where the browser lacks the API the
 * page says so instead of offering a button that cannot work.
 */
export const FollowControl = memo(FollowControlComponent);

function FollowControlComponent() {
  const { status, name, message, compactions, pick, stop } = useFollow();
  if (!openFilePicker())
    return (
      <p className="muted follow-missing" data-testid="follow-unavailable">
        This browser cannot follow a file as it is written (it lacks the File System Access API): open the
        file again to see what was added.
      </p>
    );
  if (status === 'off')
    return (
      <button type="button" data-testid="follow-file" onClick={() => void pick()}>
        Follow this file…
      </button>
    );
  const last = compactions.at(-1);
  return (
    <div className="follow-status" role="status" data-testid="follow-status">
      <span>
        Following <strong>{name}</strong>
        {message ? `: ${message}` : ''}
        {last
          ? ` · ${compactions.length === 1 ? 'its compaction' : `last of ${compactions.length} compactions`}: ${last}`
          : ''}
      </span>
      <button type="button" onClick={stop}>
        Stop following
      </button>
    </div>
  );
}
