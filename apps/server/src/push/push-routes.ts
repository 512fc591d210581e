// The push API of docs/protocol.md: the server's public key, and a seat's subscriptions (given with the seat's
// token, so only whoever holds the seat can ask to be told of its moves).
import { createECDH } from 'node:crypto';

import {
  describeIssues,
  type PushSubscribeBody,
  pushSubscribeBodySchema,
  type PushUnsubscribeBody,
  pushUnsubscribeBodySchema,
} from '@fg/protocol';
import { type Side, SIDES } from '@fg/rules';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

import { sendError } from '../http/errors.js';
import type { LogThrottle } from '../http/logger.js';
import { refuseForeignOrigin } from '../http/origin.js';
import { tokenMatches } from '../tables/seat-tokens.js';
import type { TableStore } from '../tables/store.js';
import { pushHostAllowed } from './push-hosts.js';
import type { PushSubscriptions } from './push-subscriptions.js';

/** What the routes need: null `publicKey` when push is off. */
export interface PushRouteDeps {
  readonly publicKey: string | null;
  readonly subscriptions: PushSubscriptions;
  readonly store: TableStore; // seats are checked against the stored token hashes
  readonly hosts: readonly string[];
  readonly allowedOrigins: readonly string[];
  readonly throttle: LogThrottle;
  readonly now: () => number;
}

/** Requests a minute one address may make to the subscription routes. */
const SUBSCRIBE_LIMIT = 60;

/** Whether a base64url text decodes to `bytes` bytes. */
const decodesTo = (text: string, bytes: number): boolean => Buffer.from(text, 'base64url').length === bytes;

/** A P-256 key of the server's own, to try a browser's key with. */
const probe = createECDH('prime256v1');
probe.generateKeys();

/**
 * Whether a base64url text is an uncompressed P-256 point on the curve (65 bytes, starting with 4): one off the
 * curve would be stored, then fail to encrypt at every push.
 */
const onCurve = (text: string): boolean => {
  const raw = Buffer.from(text, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return false;
  try {
    probe.computeSecret(raw);
    return true;
  } catch {
    return false;
  }
};

/** Registers `GET /api/push/key` and `POST` / `DELETE /api/push/subscriptions`. */
export function registerPushRoutes(app: FastifyInstance, deps: PushRouteDeps): void {
  const sameSite = refuseForeignOrigin(deps.allowedOrigins, deps.throttle);
  const limited = { onRequest: sameSite, config: { rateLimit: { max: SUBSCRIBE_LIMIT, timeWindow: 60_000 } } };

  app.get('/api/push/key', async (_request, reply) => {
    if (!deps.publicKey) return sendError(reply, 'push-off', 'push notifications are off on this server');
    return { publicKey: deps.publicKey };
  });

  /** Parses a body and finds the seat its token holds; answers the error itself and returns null otherwise. */
  async function seatOf<B extends PushSubscribeBody | PushUnsubscribeBody>(
    reply: FastifyReply,
    schema: z.ZodType<B>,
    raw: unknown,
  ): Promise<{ body: B; side: Side } | null> {
    if (!deps.publicKey) return (void sendError(reply, 'push-off', 'push notifications are off on this server'), null);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      void sendError(reply, 'bad-request', `bad subscription: ${describeIssues(parsed.error, 'body')}`);
      return null;
    }
    const body = parsed.data;
    const stored = await deps.store.loadTable(body.table);
    if (!stored) return (void sendError(reply, 'table-not-found', `no table "${body.table}"`), null);
    const side = SIDES.find((s) => tokenMatches(body.token, stored.seats[s]));
    if (!side) return (void sendError(reply, 'bad-token', 'this token holds no seat at this table'), null);
    return { body, side };
  }

  const refuseHost = (reply: FastifyReply, endpoint: string) =>
    sendError(reply, 'bad-request', `push endpoint host ${new URL(endpoint).host} is not allowed here`);

  app.post('/api/push/subscriptions', limited, async (request, reply) => {
    const seat = await seatOf(reply, pushSubscribeBodySchema, request.body);
    if (!seat) return reply;
    const { endpoint, keys } = seat.body.subscription;
    if (!pushHostAllowed(endpoint, deps.hosts)) return refuseHost(reply, endpoint);
    if (!onCurve(keys.p256dh) || !decodesTo(keys.auth, 16))
      return sendError(
        reply,
        'bad-request',
        'keys.p256dh must be a P-256 point on the curve (65 bytes) and keys.auth 16 bytes, base64url',
      );
    const subscription = { endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: deps.now() };
    await deps.subscriptions.add(seat.body.table, seat.side, subscription);
    return reply.code(201).send({});
  });

  app.delete('/api/push/subscriptions', limited, async (request, reply) => {
    const seat = await seatOf(reply, pushUnsubscribeBodySchema, request.body);
    if (!seat) return reply;
    // The same errors as storing one (docs/protocol.md): an endpoint on a host not allowed is a bad request.
    if (!pushHostAllowed(seat.body.endpoint, deps.hosts)) return refuseHost(reply, seat.body.endpoint);
    await deps.subscriptions.remove(seat.body.table, seat.side, seat.body.endpoint);
    return reply.code(204).send();
  });
}
