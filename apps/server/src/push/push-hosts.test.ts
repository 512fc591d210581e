import { describe, expect, it } from 'vitest';

import { DEFAULT_PUSH_HOSTS } from '../config.js';
import { pushHostAllowed } from './push-hosts.js';

describe('pushHostAllowed', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://fcm.googleapis.com:443/fcm/send/abc', true], // the default port, written out
    ['https://fcm.googleapis.com:81/fcm/send/abc', false], // push services listen on 443 only
    ['https://fcm.googleapis.com:22/fcm/send/abc', false],
    ['https://web.push.apple.com:8443/QAbc', false],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=abc', true],
    ['https://web.push.apple.com/QAbc', true],
    ['https://notify.windows.com/w', false], // the wildcard needs a subdomain
    ['https://evilnotify.windows.com/w', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false], // only https
    ['https://user:pw@fcm.googleapis.com/x', false],
    ['https://169.254.169.254/latest/meta-data', false],
    ['http://127.0.0.1:8080/push/1', false], // loopback only when listed
    ['not a url', false],
  ])('%s with the default hosts: %s', (endpoint, allowed) => {
    expect(pushHostAllowed(endpoint, DEFAULT_PUSH_HOSTS)).toBe(allowed);
  });

  it('allows http to a loopback host only when it is listed (tests)', () => {
    expect(pushHostAllowed('http://127.0.0.1:8080/push/1', ['127.0.0.1'])).toBe(true);
    expect(pushHostAllowed('http://10.0.0.1:8080/push/1', ['10.0.0.1'])).toBe(false);
  });
});
