/** The notices of stored values that were repaired or dropped on the way back in. */
import { memo } from 'react';
import { useStoredNotices } from '../../state/stored';

/** What had to be repaired in the values this device kept from an earlier visit. */
export const StoredNotices = memo(StoredNoticesComponent);

function StoredNoticesComponent() {
  const { notices, dismiss } = useStoredNotices();
  if (!notices.length) return null;
  return (
    <div className="link-banner info" role="status" data-testid="stored-notice">
      <span>
        <strong>Some saved values could not be used as they were.</strong>{' '}
        {notices.map((notice, i) => (
          <span key={i}>{notice} </span>
        ))}
      </span>
      <button type="button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
