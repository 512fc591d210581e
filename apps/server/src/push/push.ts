// Web Push for the whole server (docs/protocol.md): the key pair, the seats' subscriptions and the sender,
// opened together; push is off (`PUSH_HOSTS=off`) without any of them.
import { PushSender } from './push-sender.js';
import type { PushSubscriptions } from './push-subscriptions.js';
import type { VapidKeys } from './vapid-keys.js';

/** What push needs from the settings. */
export interface PushConfig {
  readonly pushHosts: readonly string[] | null;
  readonly pushSubject: string;
}

/** Push as the app uses it. */
export interface Push {
  readonly keys: VapidKeys;
  readonly hosts: readonly string[];
  readonly sender: PushSender;
}

/** Opens push: the key pair the store keeps (`keptKeys`) and a sender; null when push is off. */
export async function openPush(
  config: PushConfig,
  subscriptions: PushSubscriptions,
  keptKeys: () => Promise<VapidKeys>,
  onError: (error: unknown, what: string) => void,
  retryMs?: readonly number[],
): Promise<Push | null> {
  if (!config.pushHosts) return null;
  const keys = await keptKeys();
  const sender = new PushSender({
    subscriptions,
    keys,
    subject: config.pushSubject,
    hosts: config.pushHosts,
    onError,
    ...(retryMs ? { retryMs } : {}),
  });
  return { keys, hosts: config.pushHosts, sender };
}
