import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
    });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5/db',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: 'https://crm.example.com/',
    });
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5/db',
      logLevel: 'debug',
      publicUrl: 'https://crm.example.com',
    });
  });

  it.each([
    ['PORT', 'eighty', /^Invalid PORT="eighty"/],
    ['PORT', '70000', /^Invalid PORT="70000"/],
    ['LOG_LEVEL', 'loud', /^Invalid LOG_LEVEL="loud"/],
    ['DATABASE_URL', 'mysql://x', /^Invalid DATABASE_URL="mysql:\/\/x": must be a postgres/],
    ['AUTH_SECRET', 'short', /^Invalid AUTH_SECRET/],
    ['PASSWORD_MIN_LENGTH', '0', /^Invalid PASSWORD_MIN_LENGTH="0"/],
    ['SMTP_URL', 'http://mail', /^Invalid SMTP_URL="http:\/\/mail": must be an smtp/],
    ['TRUST_PROXY', 'yes', /^Invalid TRUST_PROXY="yes"/],
    ['CHANGE_LOG_RETENTION_DAYS', '0', /^Invalid CHANGE_LOG_RETENTION_DAYS="0"/],
    ['CHANGE_LOG_RETENTION_DAYS', 'week', /^Invalid CHANGE_LOG_RETENTION_DAYS="week"/],
  ])('rejects %s=%s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('takes LEADLOOM_TEST_CLOCK_FILE only with NODE_ENV=test, so no deployment can move its clock', () => {
    expect(loadConfig({}).testClockFile).toBeUndefined();
    expect(() => loadConfig({ LEADLOOM_TEST_CLOCK_FILE: '/tmp/clock' })).toThrow(
      /^Invalid LEADLOOM_TEST_CLOCK_FILE="\/tmp\/clock": .* only accepted with NODE_ENV=test/,
    );
    expect(() =>
      loadConfig({ LEADLOOM_TEST_CLOCK_FILE: '/tmp/clock', NODE_ENV: 'production' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ LEADLOOM_TEST_CLOCK_FILE: '/tmp/clock', NODE_ENV: 'test' }).testClockFile,
    ).toBe('/tmp/clock');
  });

  it('takes LEADLOOM_TEST_THROTTLE_FACTOR only with NODE_ENV=test, so no deployment can lift its limits', () => {
    expect(loadConfig({}).testThrottleFactor).toBe(1);
    expect(() => loadConfig({ LEADLOOM_TEST_THROTTLE_FACTOR: '100' })).toThrow(
      /^Invalid LEADLOOM_TEST_THROTTLE_FACTOR="100": .* only accepted with NODE_ENV=test/,
    );
    expect(() => loadConfig({ LEADLOOM_TEST_THROTTLE_FACTOR: '0', NODE_ENV: 'test' })).toThrow(
      ConfigError,
    );
    expect(
      loadConfig({ LEADLOOM_TEST_THROTTLE_FACTOR: '100', NODE_ENV: 'test' }).testThrottleFactor,
    ).toBe(100);
  });

  it('lets webhooks reach private addresses only when WEBHOOK_ALLOW_PRIVATE_ADDRESSES says so', () => {
    expect(loadConfig({}).webhookAllowPrivateAddresses).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: '1' }).webhookAllowPrivateAddresses).toBe(
      true,
    );
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(ConfigError);
  });

  it('keeps the change log 7 days unless CHANGE_LOG_RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({}).changeLogRetentionDays).toBe(7);
    expect(loadConfig({ CHANGE_LOG_RETENTION_DAYS: '30' }).changeLogRetentionDays).toBe(30);
  });

  it('reads EXTENSION_IDS as a list of Chrome extension ids and refuses anything else', () => {
    expect(loadConfig({}).extensionIds).toEqual([]);
    const a = 'abcdefghijklmnopabcdefghijklmnop';
    const b = 'ponmlkjihgfedcbaponmlkjihgfedcba';
    expect(loadConfig({ EXTENSION_IDS: ` ${a} , ${b}` }).extensionIds).toEqual([a, b]);
    // An id lands in the frame-ancestors policy: nothing but 32 letters a-p gets there.
    for (const bad of [`${a};script-src *`, 'https://evil.example', `${a},`, a.slice(1)]) {
      expect(() => loadConfig({ EXTENSION_IDS: bad })).toThrow(/EXTENSION_IDS/);
    }
  });

  it('reads EXTENSION_STORE_URL as an https page, unset when empty', () => {
    expect(loadConfig({}).extensionStoreUrl).toBeUndefined();
    expect(loadConfig({ EXTENSION_STORE_URL: '' }).extensionStoreUrl).toBeUndefined();
    const store = 'https://chromewebstore.google.com/detail/leadloom/abc';
    expect(loadConfig({ EXTENSION_STORE_URL: store }).extensionStoreUrl).toBe(store);
    for (const bad of ['http://store.example/x', 'javascript:alert(1)', 'store']) {
      expect(() => loadConfig({ EXTENSION_STORE_URL: bad })).toThrow(/EXTENSION_STORE_URL/);
    }
  });

  it('reads the identity and mail settings', () => {
    expect(loadConfig({})).toMatchObject({
      passwordMinLength: 6,
      smtpUrl: undefined,
      smtpFrom: 'Leadloom <no-reply@localhost>',
      superAdminEmailsSet: false,
      trustProxy: false,
    });
    expect(
      loadConfig({
        PASSWORD_MIN_LENGTH: '10',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        SUPER_ADMIN_EMAILS: ' Boss@Example.com, ,ops@example.com',
        TRUST_PROXY: 'true',
      }),
    ).toMatchObject({
      passwordMinLength: 10,
      smtpUrl: 'smtp://127.0.0.1:2525',
      superAdminEmailsSet: true,
      trustProxy: true,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });
});
