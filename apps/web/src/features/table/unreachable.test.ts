import { describe, expect, it } from 'vitest';

import { type Unreachable, unreachableReason } from './unreachable';
import type { LinkState } from './use-table';

describe('unreachableReason', () => {
  it.each<[string, LinkState, boolean, boolean, boolean, Unreachable | null]>([
    // link, welcomed, device online, waited the first 2 s
    ['device offline at once', 'offline', false, false, false, 'device'],
    ['device offline after the wait', 'offline', false, false, true, 'device'],
    ['online device, first attempt still within the wait', 'reconnecting', false, true, false, null],
    ['online device, socket refused, within the wait', 'offline', false, true, false, null],
    ['online device, no answer after the wait', 'reconnecting', false, true, true, 'server'],
    ['online device, refused after the wait', 'offline', false, true, true, 'server'],
    ['in step', 'online', true, true, true, null],
    ['once welcomed, a loss is the board banner', 'offline', true, false, true, null],
    ['once welcomed, a slow reconnect likewise', 'reconnecting', true, true, true, null],
  ])('%s', (_, link, welcomed, online, waited, reason) => {
    expect(unreachableReason(link, welcomed, online, waited)).toBe(reason);
  });
});
