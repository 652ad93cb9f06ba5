import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EXTENSION_ID,
  EXTENSION_MESSAGE_TYPES,
  extensionAnswerSchemas,
  extensionIdFromSha256Hex,
  parseExtensionMessage,
  WAIT_A_BIT_MAX_MS,
} from './extension-messages';

describe('parseExtensionMessage', () => {
  it('accepts each message of SPEC §7 with its fields', () => {
    const valid = [
      { type: 'check_extension' },
      {
        type: 'open_queue_processor',
        url: 'http://localhost:3000/queue/facebook',
        platform: 'facebook',
        offset: 0,
      },
      { type: 'log_in', token: 't0k3n', uid: 'user-1' },
      { type: 'log_out' },
      { type: 'wait_a_bit', delay: 2500 },
      { type: 'get_status' },
      { type: 'stop_processor', platform: 'linkedin' },
    ];
    for (const input of valid) {
      expect(parseExtensionMessage(input)).toEqual({ ok: true, message: input });
    }
    expect(valid.map((m) => m.type).sort()).toEqual([...EXTENSION_MESSAGE_TYPES].sort());
  });

  it('drops fields the map does not know', () => {
    expect(parseExtensionMessage({ type: 'check_extension', extra: 1 })).toEqual({
      ok: true,
      message: { type: 'check_extension' },
    });
  });

  it('rejects an unknown type, naming the accepted ones', () => {
    const result = parseExtensionMessage({ type: 'format_disk' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/^type: .*'check_extension'.*'wait_a_bit'/);
  });

  it('rejects input that is not an object', () => {
    for (const input of [null, undefined, 'check_extension', 42, []]) {
      const result = parseExtensionMessage(input);
      expect(result.ok).toBe(false);
    }
  });

  it('names every bad field on one line', () => {
    const result = parseExtensionMessage({ type: 'log_in', token: '' });
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/^token: .+; uid: .+$/),
    });
  });

  it.each([
    ['a javascript: url', { url: 'javascript:alert(1)' }, 'url'],
    ['an unknown platform', { platform: 'myspace' }, 'platform'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['a fractional offset', { offset: 1.5 }, 'offset'],
  ])('rejects open_queue_processor with %s', (_label, patch, field) => {
    const message = {
      type: 'open_queue_processor',
      url: 'https://app.example.com/queue/instagram',
      platform: 'instagram',
      offset: 50,
      ...patch,
    };
    const result = parseExtensionMessage(message);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.startsWith(`${field}: `)).toBe(true);
  });

  it('bounds wait_a_bit to 0..24 h', () => {
    expect(parseExtensionMessage({ type: 'wait_a_bit', delay: 0 }).ok).toBe(true);
    expect(parseExtensionMessage({ type: 'wait_a_bit', delay: 60_001 }).ok).toBe(true);
    expect(parseExtensionMessage({ type: 'wait_a_bit', delay: WAIT_A_BIT_MAX_MS }).ok).toBe(true);
    expect(parseExtensionMessage({ type: 'wait_a_bit', delay: WAIT_A_BIT_MAX_MS + 1 })).toEqual({
      ok: false,
      error: 'delay: Too big: expected number to be <=86400000',
    });
    expect(parseExtensionMessage({ type: 'wait_a_bit', delay: -1 }).ok).toBe(false);
    expect(parseExtensionMessage({ type: 'wait_a_bit', delay: '100' }).ok).toBe(false);
    expect(parseExtensionMessage({ type: 'wait_a_bit', delay: Infinity }).ok).toBe(false);
  });

  it('stop_processor needs a known platform', () => {
    expect(parseExtensionMessage({ type: 'stop_processor' })).toEqual({
      ok: false,
      error: expect.stringMatching(/^platform: /),
    });
    expect(parseExtensionMessage({ type: 'stop_processor', platform: 'tiktok' }).ok).toBe(false);
  });
});

describe('extensionAnswerSchemas', () => {
  it('check_extension answers installed, version and loggedIn, or an error', () => {
    const schema = extensionAnswerSchemas.check_extension;
    expect(schema.safeParse({ installed: true, version: '0.1.0', loggedIn: false }).success).toBe(
      true,
    );
    expect(schema.safeParse({ ok: false, error: 'nope' }).success).toBe(true);
    expect(schema.safeParse({ installed: false, version: '0.1.0', loggedIn: false }).success).toBe(
      false,
    );
    expect(schema.safeParse({ installed: true, loggedIn: true }).success).toBe(false);
  });

  it('wait_a_bit answers ok, ok with an ISO retryAt (kept, not stripped), or an error', () => {
    const schema = extensionAnswerSchemas.wait_a_bit;
    const later = { ok: true, retryAt: '2026-11-28T10:00:00.000Z' };
    expect(schema.parse(later)).toEqual(later);
    expect(schema.safeParse({ ok: true, retryAt: 'tomorrow' }).success).toBe(true);
    expect(schema.parse({ ok: true, retryAt: 'tomorrow' })).toEqual({ ok: true });
  });

  it('get_status answers every platform with state, sending, nextAt, waitReason, lastError', () => {
    const idle = { state: 'idle', sending: null, nextAt: null, waitReason: null, lastError: null };
    const running = {
      state: 'running',
      sending: { itemUID: 'i1', recipient: 'https://www.facebook.com/dana' },
      nextAt: '2026-11-28T10:00:00.000Z',
      waitReason: null,
      lastError: null,
    };
    const schema = extensionAnswerSchemas.get_status;
    const answer = { platforms: { facebook: running, instagram: idle, linkedin: idle } };
    expect(schema.parse(answer)).toEqual(answer);
    expect(schema.safeParse({ platforms: { facebook: running, instagram: idle } }).success).toBe(
      false,
    );
    expect(
      schema.safeParse({
        platforms: { facebook: { ...idle, state: 'sleeping' }, instagram: idle, linkedin: idle },
      }).success,
    ).toBe(false);
  });

  it('the other messages answer {ok: true} or {ok: false, error}', () => {
    for (const type of [
      'open_queue_processor',
      'log_in',
      'log_out',
      'wait_a_bit',
      'stop_processor',
    ] as const) {
      const schema = extensionAnswerSchemas[type];
      expect(schema.safeParse({ ok: true }).success).toBe(true);
      expect(schema.safeParse({ ok: false, error: 'x' }).success).toBe(true);
      expect(schema.safeParse({ ok: false }).success).toBe(false);
    }
  });
});

describe('extensionIdFromSha256Hex', () => {
  it('maps the first 32 hex digits 0-f to a-p', () => {
    expect(extensionIdFromSha256Hex('0123456789abcdef'.repeat(4))).toBe(
      'abcdefghijklmnop'.repeat(2),
    );
    expect(extensionIdFromSha256Hex('F'.repeat(64))).toBe('p'.repeat(32));
  });

  it('rejects something that is not a hex digest', () => {
    expect(() => extensionIdFromSha256Hex('xyz')).toThrow(/32 hex digits/);
    expect(() => extensionIdFromSha256Hex('a'.repeat(31))).toThrow(/32 hex digits/);
  });

  it('gives a 32-letter a-p id for a real key, and EXTENSION_ID has that form', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const der = publicKey.export({ type: 'spki', format: 'der' });
    const id = extensionIdFromSha256Hex(createHash('sha256').update(der).digest('hex'));
    expect(id).toMatch(/^[a-p]{32}$/);
    expect(EXTENSION_ID).toMatch(/^[a-p]{32}$/);
  });
});
