// A push service for tests (RFC 8030), on 127.0.0.1: it checks each request's VAPID JWT (RFC 8292) against the
// server's public key and decrypts its aes128gcm body (RFC 8291) with the subscription's own private key and auth
// secret, written here with node:crypto alone, so the test does not trust the library the server sends with.
import { createDecipheriv, createECDH, createHmac, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the service took: the decrypted JSON and the headers that came with it. */
export interface ReceivedPush {
  readonly subscription: number; // which subscription (its number in the endpoint)
  readonly payload: unknown;
  readonly ttl: string | undefined;
  readonly urgency: string | undefined;
  readonly claims: { aud: string; exp: number; sub: string };
}

/** A browser's subscription made by the service: its endpoint and keys, and the private half it decrypts with. */
export interface TestSubscription {
  readonly number: number;
  readonly json: { endpoint: string; keys: { p256dh: string; auth: string } };
  readonly ecdh: ECDH;
  readonly auth: Buffer;
}

const b64 = (buffer: Buffer): string => buffer.toString('base64url');

/** The HMAC-based key derivation of RFC 5869 in one step (one block: at most 32 bytes out). */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer => {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
};

/** Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys) for a subscription; throws if it does not decrypt. */
function decryptPush(body: Buffer, subscription: TestSubscription): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength); // the application server's ephemeral public key
  const ciphertext = body.subarray(21 + idLength);
  const shared = subscription.ecdh.computeSecret(serverKey);
  const clientKey = subscription.ecdh.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), clientKey, serverKey]);
  const ikm = hkdf(subscription.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // One record: the data, the last-record delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: the key is the server's, the ES256 signature holds, the claims fit. */
function verifyVapid(header: string | undefined, serverKey: string, audience: string): ReceivedPush['claims'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a vapid authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== serverKey) throw new Error('k is not the server public key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('bad JWT signature');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('alg is not ES256');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as ReceivedPush['claims'];
  const now = Date.now() / 1000;
  if (parsed.aud !== audience) throw new Error(`aud ${parsed.aud} is not ${audience}`);
  if (!(parsed.exp > now && parsed.exp <= now + 24 * 3600)) throw new Error('exp not within 24 hours');
  if (!/^(mailto:|https:)/.test(parsed.sub)) throw new Error('sub is not a contact URL');
  return parsed;
}

/** The running service. */
export class TestPushService {
  readonly received: ReceivedPush[] = [];
  readonly rejected: string[] = []; // why a request was refused (a bad JWT or body)
  /** Subscription numbers answered with this status instead of 201 (410: gone; 503: try later). */
  readonly answer = new Map<number, number>();
  /** Subscription numbers never answered: the request is held open until the service closes. */
  readonly hung = new Set<number>();
  /** Requests held open so far (for hung subscriptions). */
  held = 0;
  readonly #server: Server;
  readonly #subscriptions = new Map<number, TestSubscription>();
  readonly #waiters: (() => void)[] = [];
  #serverKey = '';
  #next = 1;

  private constructor(server: Server) {
    this.#server = server;
  }

  /** Starts on 127.0.0.1 and a free port. */
  static async start(): Promise<TestPushService> {
    const holder: { service?: TestPushService } = {};
    const server = createServer((request, response) => {
      void holder.service!.#handle(request).then((status) => response.writeHead(status).end());
    });
    const service = new TestPushService(server);
    holder.service = service;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return service;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  /** The server's VAPID public key that every JWT must be signed with. */
  trust(serverKey: string): void {
    this.#serverKey = serverKey;
  }

  /** A new subscription, as a browser would get one from this service. */
  subscribe(): TestSubscription {
    const number = this.#next++;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const subscription = {
      number,
      json: { endpoint: `${this.origin}/push/${number}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } },
      ecdh,
      auth,
    };
    this.#subscriptions.set(number, subscription);
    return subscription;
  }

  /** Waits until `count` messages have arrived (in all), or fails after `ms`. */
  async waitFor(count: number, ms = 5000): Promise<ReceivedPush[]> {
    const deadline = Date.now() + ms;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`${this.received.length} of ${count} pushes; refused: ${this.rejected.join('; ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
    return this.received;
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections(); // requests held open too
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(request: IncomingMessage): Promise<number> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const number = Number(/^\/push\/(\d+)$/.exec(request.url ?? '')?.[1]);
    const subscription = this.#subscriptions.get(number);
    if (request.method !== 'POST' || !subscription) return 404;
    if (this.hung.has(number)) {
      this.held += 1;
      return new Promise<number>(() => undefined);
    }
    const forced = this.answer.get(number);
    if (forced) return forced;
    try {
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding is not aes128gcm');
      const claims = verifyVapid(request.headers.authorization, this.#serverKey, this.origin);
      const payload: unknown = JSON.parse(decryptPush(Buffer.concat(chunks), subscription).toString('utf8'));
      this.received.push({
        subscription: number,
        payload,
        ttl: request.headers.ttl as string | undefined,
        urgency: request.headers.urgency as string | undefined,
        claims,
      });
      for (const wake of this.#waiters.splice(0)) wake();
      return 201;
    } catch (error) {
      this.rejected.push((error as Error).message);
      return 400;
    }
  }
}
