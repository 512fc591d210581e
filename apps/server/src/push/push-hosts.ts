// Which push services the server sends to (docs/protocol.md, Notifications): only hosts on this list, so no
// client can make the server send requests anywhere else. The default (config.ts) is the browser vendors' push services.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Tells whether an endpoint may be sent to: https on port 443 of an allowed host (http only to a loopback host on the
 * list, for tests). */
export function pushHostAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(host))) return false;
  // Push services listen on 443: another port (':81', ':22') on an allowed host is a client's way to make the
  // server hold connections that never answer. Loopback http (tests) keeps its port.
  if (url.protocol === 'https:' && url.port !== '') return false;
  return hosts.some((allowed) => {
    const pattern = allowed.toLowerCase();
    return pattern.startsWith('*.')
      ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1
      : host === pattern;
  });
}
