// One request to a push service, on node's own HTTP client rather than fetch: fetch has no connect timeout of its
// own, and a host that never completes the connection (or the TLS handshake) would hold a delivery for the whole
// request time. No redirect is followed (a push service never redirects: following one would send elsewhere).
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Limits of one request. */
export interface PushRequestLimits {
  readonly connectMs: number; // the connection (and TLS) must be up by then; 3 s
  readonly totalMs: number; // the answer's head must have come by then; 10 s
}

/** What a push service answered: its status, and its Retry-After in ms (null without one). */
export interface PushAnswer {
  readonly status: number;
  readonly retryAfterMs: number | null;
}

/** POSTs `body` to `endpoint`; rejects when the service cannot be reached or does not answer in time. */
export function postPush(
  endpoint: string,
  headers: Readonly<Record<string, string>>,
  body: Buffer,
  limits: PushRequestLimits,
): Promise<PushAnswer> {
  const url = new URL(endpoint);
  const secure = url.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  return new Promise<PushAnswer>((resolve, reject) => {
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } });
    const fail = (reason: string) => (): void => void request.destroy(new Error(reason));
    const connecting = setTimeout(fail(`no connection within ${limits.connectMs} ms`), limits.connectMs);
    const total = setTimeout(fail(`no answer within ${limits.totalMs} ms`), limits.totalMs);
    const done = (): void => {
      clearTimeout(connecting);
      clearTimeout(total);
    };
    request.once('socket', (socket) => {
      // A socket kept alive from an earlier request is connected already.
      if (!socket.connecting) return clearTimeout(connecting);
      socket.once(secure ? 'secureConnect' : 'connect', () => clearTimeout(connecting));
    });
    request.once('response', (response) => {
      done();
      response.resume(); // the body says nothing the status does not
      const after = Number(response.headers['retry-after']);
      resolve({
        status: response.statusCode ?? 0,
        retryAfterMs: Number.isFinite(after) && after > 0 ? after * 1000 : null,
      });
    });
    request.once('error', (error) => {
      done();
      reject(error);
    });
    request.end(body);
  });
}
