import { describe, expect, it } from 'vitest';
import { colorSchema, dateSchema, emailSchema, timeSchema } from './form-schemas';
import { isDate, isEmail, isTime } from './validators';

describe('isEmail', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.com', 'x_y@dom-ain.io'])('accepts %s', (v) => {
    expect(isEmail(v)).toBe(true);
  });
  it.each([
    '',
    'a',
    'a@b',
    'a@b.',
    'a@.b',
    '@b.co',
    'a b@c.co',
    'a@b@c.co',
    'a@b..co',
    7,
    null,
    `${'a'.repeat(250)}@b.co`,
  ])('rejects %j', (v) => {
    expect(isEmail(v)).toBe(false);
  });
});

describe('isDate', () => {
  it.each(['2024-01-31', '2024-02-29', '2000-02-29', '1999-12-31'])('accepts %s', (v) => {
    expect(isDate(v)).toBe(true);
  });
  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-1-01',
    '24-01-01',
    '2024/01/01',
    '',
    20240101,
  ])('rejects %j', (v) => {
    expect(isDate(v)).toBe(false);
  });
});

describe('isTime', () => {
  it.each(['00:00', '09:05', '12:30', '23:59'])('accepts %s', (v) => {
    expect(isTime(v)).toBe(true);
  });
  it.each(['24:00', '23:60', '9:05', '09:5', '09:05:00', '9am', '', null])('rejects %j', (v) => {
    expect(isTime(v)).toBe(false);
  });
});

describe('form schemas', () => {
  it('accept valid values and explain invalid ones', () => {
    expect(emailSchema.parse(' a@b.co ')).toBe('a@b.co');
    expect(emailSchema.safeParse('nope').error?.issues[0]?.message).toBe(
      'Enter a valid e-mail address',
    );
    expect(dateSchema.safeParse('2024-02-30').success).toBe(false);
    expect(timeSchema.safeParse('23:59').success).toBe(true);
    expect(timeSchema.safeParse('25:00').success).toBe(false);
    expect(colorSchema.safeParse('#1C7EBB').success).toBe(true);
    expect(colorSchema.safeParse('rgb(300,0,0)').success).toBe(false);
  });
});
