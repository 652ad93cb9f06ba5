import { describe, expect, it } from 'vitest';
import {
  formatSignatureHeader,
  parseSignatureHeader,
  parseWebhookTimestamp,
  signedContent,
  timestampWithinTolerance,
  webhookIdSchema,
} from './headers';

describe('parseSignatureHeader', () => {
  it('reads space-separated version,signature entries, keeping unknown versions for the caller to skip', () => {
    expect(parseSignatureHeader('v1,abc= v1a,ZGVm v2,x/y+')).toEqual([
      { version: 'v1', signature: 'abc=' },
      { version: 'v1a', signature: 'ZGVm' },
      { version: 'v2', signature: 'x/y+' },
    ]);
  });

  it('splits an entry at its first comma only', () => {
    expect(parseSignatureHeader('v1,a,b')).toEqual([{ version: 'v1', signature: 'a,b' }]);
  });

  it('drops malformed entries and extra spaces without losing the good ones', () => {
    expect(parseSignatureHeader('  garbage ,nover v1, v1,ok==  ')).toEqual([
      { version: 'v1', signature: 'ok==' },
    ]);
    expect(parseSignatureHeader('')).toEqual([]);
  });

  it('formats what it parses', () => {
    const header =
      'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4= v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
    expect(formatSignatureHeader(parseSignatureHeader(header))).toBe(header);
  });
});

describe('timestamps', () => {
  it('reads integer seconds only', () => {
    expect(parseWebhookTimestamp('1614265330')).toBe(1614265330);
    expect(parseWebhookTimestamp('1614265330.5')).toBeNull();
    expect(parseWebhookTimestamp('-5')).toBeNull();
    expect(parseWebhookTimestamp('')).toBeNull();
    expect(parseWebhookTimestamp('1e9')).toBeNull();
  });

  it('accepts a timestamp within the tolerance in either direction and nothing beyond', () => {
    const now = 1_800_000_000_000;
    const s = now / 1000;
    expect(timestampWithinTolerance(s, now)).toBe(true);
    expect(timestampWithinTolerance(s - 300, now)).toBe(true);
    expect(timestampWithinTolerance(s + 300, now)).toBe(true);
    expect(timestampWithinTolerance(s - 301, now)).toBe(false);
    expect(timestampWithinTolerance(s + 301, now)).toBe(false);
    expect(timestampWithinTolerance(s - 20, now, 10)).toBe(false);
  });
});

describe('message ids and signed content', () => {
  it('refuses an id with a dot (it would make the signed content ambiguous) or a space', () => {
    expect(webhookIdSchema.safeParse('msg_p5jXN8AQM9LWM0D4loKWxJek').success).toBe(true);
    expect(webhookIdSchema.safeParse('msg.1').success).toBe(false);
    expect(webhookIdSchema.safeParse('msg 1').success).toBe(false);
    expect(webhookIdSchema.safeParse('').success).toBe(false);
  });

  it('joins id, timestamp and the raw body with dots', () => {
    expect(signedContent('msg_1', 1614265330, '{"a": 1}')).toBe('msg_1.1614265330.{"a": 1}');
  });
});
