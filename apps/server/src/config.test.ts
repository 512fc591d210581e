import { describe, expect, it } from 'vitest';

import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('fills in the defaults', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' })).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      logLevel: 'info',
      logFormat: 'json',
      abandonSeconds: 60,
      createLimit: 300,
      messageBurst: 30,
      messageRate: 10,
      maxStrikes: 10,
      waitingHours: 24,
      sqliteSync: 'normal',
      trustProxy: false,
    });
  });

  it('reads the environment', () => {
    const env = {
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/data',
      LOG_LEVEL: 'warn',
      ABANDON_SECONDS: '5',
      TRUST_PROXY: 'true',
    };
    expect(loadConfig(env)).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/data',
      logLevel: 'warn',
      abandonSeconds: 5,
      trustProxy: true,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /^bad environment: PORT: /],
    [{ PORT: '70000' }, /^bad environment: PORT: /],
    [{ LOG_LEVEL: 'loud' }, /^bad environment: LOG_LEVEL: /],
    [{ ABANDON_SECONDS: '-1' }, /^bad environment: ABANDON_SECONDS: /],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
