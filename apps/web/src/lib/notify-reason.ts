// Why Notify me could not turn notifications on, as one word the page says in the player's language with what to
// do: each step of turning them on (storage, permission, the server's key, the browser's push service, storing the
// subscription) fails in its own ways, and every one of them maps to a reason: the button never stays silent.

/** Why notifications are not on: the words are `notify.why.<reason>` and `notify.todo.<reason>`. */
export type NotifyReason =
  | 'storage' // the browser refuses this site storage (a private window, cookies blocked): no worker, no push
  | 'denied' // the permission is blocked for this site (or by a private window)
  | 'dismissed' // the permission prompt was closed without an answer
  | 'unsupported' // this browser (or this page's address) cannot take Web Push
  | 'push-off' // this server sends no notifications
  | 'unreachable' // the browser's push service did not answer, or refused the subscription
  | 'server'; // our server could not be reached or did not store the subscription

/** A step of turning notifications on, and what came of it when it did not work. */
export type NotifyFailure =
  | { readonly step: 'permission'; readonly permission: NotificationPermission }
  | { readonly step: 'key' | 'store'; readonly code: string }
  | { readonly step: 'worker' | 'subscribe'; readonly error: unknown };

/** What the browser threw, by its DOMException name ('AbortError'...), or 'timeout' for our own deadline. */
export function errorName(error: unknown): string {
  if (error instanceof PushTimeout) return 'timeout';
  if (typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string')
    return error.name;
  return 'unknown';
}

/** Our deadline on a step the browser may leave hanging (a push service that never answers). */
export class PushTimeout extends Error {
  override readonly name = 'PushTimeout';
}

/**
 * The reason a failed step gives. Registering the worker throws SecurityError where storage is refused; Chromium's
 * subscribe rejects with NotAllowedError where permission is withheld (an incognito window) and with AbortError when
 * its push service cannot be reached; our timeout stands for a push service that never answers.
 */
export function notifyReason(failure: NotifyFailure): NotifyReason {
  switch (failure.step) {
    case 'permission':
      return failure.permission === 'denied' ? 'denied' : 'dismissed';
    case 'key':
      return failure.code === 'push-off' ? 'push-off' : 'server';
    case 'store':
      return 'server';
    case 'worker':
    case 'subscribe': {
      const name = errorName(failure.error);
      if (name === 'SecurityError' || name === 'QuotaExceededError') return 'storage';
      if (name === 'NotAllowedError') return 'denied';
      if (name === 'NotSupportedError') return 'unsupported';
      return 'unreachable'; // AbortError, NetworkError, InvalidStateError, our timeout, anything else
    }
  }
}

/** Whether this site may keep anything in the browser: without storage there is no service worker, hence no push. */
export function storageAllowed(): boolean {
  try {
    const key = 'fg:storage-probe';
    localStorage.setItem(key, '1');
    localStorage.removeItem(key);
    void navigator.serviceWorker; // a getter that throws SecurityError where the site's storage is blocked
    return true;
  } catch {
    return false;
  }
}

/** `promise` (its error kept as thrown: the DOMException's name is the reason), or a PushTimeout after `ms`. */
export async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushTimeout(`no answer in ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
