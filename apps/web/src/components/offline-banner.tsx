import { messages } from '@openrescue/shared';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import classes from './offline-banner.module.css';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
const onServer = () => true;

/**
 * Says so while the browser is offline (spec section 8's offline text). Requests made meanwhile fail with the same
 * message and are never sent later by themselves (decision 0057). The live region is always there, so the change is
 * announced.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline, onServer);
  return (
    <div role="status" className={classes.region} data-testid="offline-banner">
      {!online && (
        <div className={classes.banner}>
          <IconWifiOff size={18} aria-hidden="true" />
          <span>{messages.offline}</span>
        </div>
      )}
    </div>
  );
}
