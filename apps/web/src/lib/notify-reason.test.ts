import { describe, expect, it, vi } from 'vitest';

import {
  errorName,
  type NotifyFailure,
  type NotifyReason,
  notifyReason,
  PushTimeout,
  withDeadline,
} from './notify-reason';

const thrown = (name: string): DOMException => new DOMException('Registration failed', name);

describe('notifyReason', () => {
  it.each<[string, NotifyFailure, NotifyReason]>([
    ['permission blocked', { step: 'permission', permission: 'denied' }, 'denied'],
    ['prompt closed unanswered', { step: 'permission', permission: 'default' }, 'dismissed'],
    ['server has push off', { step: 'key', code: 'push-off' }, 'push-off'],
    ['key not fetched', { step: 'key', code: 'network' }, 'server'],
    ['key refused otherwise', { step: 'key', code: 'rate-limited' }, 'server'],
    ['subscription not stored', { step: 'store', code: 'bad-token' }, 'server'],
    ['worker refused: storage blocked', { step: 'worker', error: thrown('SecurityError') }, 'storage'],
    ['worker never ready', { step: 'worker', error: new PushTimeout('x') }, 'unreachable'],
    ['subscribe: storage full', { step: 'subscribe', error: thrown('QuotaExceededError') }, 'storage'],
    ['subscribe: permission withheld (incognito)', { step: 'subscribe', error: thrown('NotAllowedError') }, 'denied'],
    ['subscribe: push service error', { step: 'subscribe', error: thrown('AbortError') }, 'unreachable'],
    ['subscribe: network', { step: 'subscribe', error: thrown('NetworkError') }, 'unreachable'],
    ['subscribe: not supported', { step: 'subscribe', error: thrown('NotSupportedError') }, 'unsupported'],
    ['subscribe: never answered', { step: 'subscribe', error: new PushTimeout('x') }, 'unreachable'],
    ['subscribe: a plain Error', { step: 'subscribe', error: new Error('?') }, 'unreachable'],
    ['subscribe: a string thrown', { step: 'subscribe', error: 'odd' }, 'unreachable'],
  ])('%s -> %s', (_, failure, reason) => {
    expect(notifyReason(failure)).toBe(reason);
  });

  it.each<[unknown, string]>([
    [thrown('AbortError'), 'AbortError'],
    [new PushTimeout('x'), 'timeout'],
    [new TypeError('x'), 'TypeError'],
    [null, 'unknown'],
    [42, 'unknown'],
  ])('errorName(%s) = %s', (error, name) => {
    expect(errorName(error)).toBe(name);
  });
});

describe('withDeadline', () => {
  it('passes a value and an error through as they are', async () => {
    await expect(withDeadline(Promise.resolve(7), 100)).resolves.toBe(7);
    const error = thrown('AbortError');
    await expect(withDeadline(Promise.reject(error), 100)).rejects.toBe(error);
  });

  it('turns a promise that never settles into a PushTimeout at the deadline', async () => {
    vi.useFakeTimers();
    try {
      const waiting = withDeadline(new Promise<never>(() => undefined), 10_000);
      const caught = waiting.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(9_999);
      let settled = false;
      void caught.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(errorName(await caught)).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });
});
