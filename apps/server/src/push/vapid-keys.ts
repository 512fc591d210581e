// The server's VAPID key pair (RFC 8292): made at the first start and kept, so subscriptions made against its
// public key stay valid across restarts; the store of the mode keeps it (store/sqlite/file-vapid-keys.ts in the
// data folder, store/redis/redis-vapid-keys.ts shared by every instance).

/** A VAPID key pair, base64url (the public key is the uncompressed P-256 point, 65 bytes). */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** Whether a kept value is a key pair. */
export const isVapidKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string';
