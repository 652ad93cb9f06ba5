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
  ])('rejects %s=%s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 3000,
    });
  });
});
