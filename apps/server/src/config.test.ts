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
      maxQueuedBytes: 1_048_576,
      maxConnectionsPerAddress: 200,
      helloMs: 10_000,
      pingMs: 15_000,
      pongTimeoutMs: 30_000,
      storeBusyMs: 2000,
      allowedOrigins: [],
    });
  });

  it('reads the limits of issue 11, origins normalized', () => {
    const env = {
      MAX_QUEUED_BYTES: '65536',
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      HELLO_SECONDS: '2.5',
      PING_SECONDS: '5',
      PONG_SECONDS: '12',
      STORE_BUSY_MS: '0',
      ALLOWED_ORIGINS: 'https://fox.example/, http://localhost:5173',
    };
    expect(loadConfig(env)).toMatchObject({
      maxQueuedBytes: 65_536,
      maxConnectionsPerAddress: 1000,
      helloMs: 2500,
      pingMs: 5000,
      pongTimeoutMs: 12_000,
      storeBusyMs: 0,
      allowedOrigins: ['https://fox.example', 'http://localhost:5173'],
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

  // `off` in any case, or a list with no host in it, turns push off (it left push on, allowing no endpoint).
  it.each([
    ['off', null],
    ['OFF', null],
    [' Off ', null],
    ['', null],
    [' , ', null],
    ['FCM.googleapis.com, *.push.apple.com', ['fcm.googleapis.com', '*.push.apple.com']],
  ])('PUSH_HOSTS=%j: %j', (text, hosts) => {
    expect(loadConfig({ PUSH_HOSTS: text }).pushHosts).toEqual(hosts);
  });

  it.each([
    [{ PORT: 'eighty' }, /^bad environment: PORT: /],
    [{ PORT: '70000' }, /^bad environment: PORT: /],
    [{ LOG_LEVEL: 'loud' }, /^bad environment: LOG_LEVEL: /],
    [{ ABANDON_SECONDS: '-1' }, /^bad environment: ABANDON_SECONDS: /],
    [{ ALLOWED_ORIGINS: 'fox.example' }, /^bad environment: ALLOWED_ORIGINS.0: /],
    [{ MAX_QUEUED_BYTES: '10' }, /^bad environment: MAX_QUEUED_BYTES: /],
    [{ HELLO_SECONDS: '0' }, /^bad environment: HELLO_SECONDS: /],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
