import { fillTemplate, templateSeed } from '@leadloom/core';
import { describe, expect, it } from 'vitest';
import { templateContextOf, templateSnippet } from './templateContext';

const hit = {
  firstName: 'Ann',
  lastName: 'Lee',
  fullName: 'Ann Lee',
  emailAddress: 'ann@example.com',
  phoneNumber: null,
  profiles: { facebook: 'https://facebook.com/ann.lee' },
};

describe('templateContextOf', () => {
  it('fills contact, sender and answers as the grammar names them', () => {
    const ctx = templateContextOf(hit, '  Sam Rivera ', ['Twice']);
    const out = fillTemplate(
      'Hi {{firstName}}, {{senderFirstName}} ({{senderName}}) here. {{answer.1}} {{profile.facebook}} {{phone|no phone}}',
      ctx,
      templateSeed('t', 'g'),
    );
    expect(out.text).toBe(
      'Hi Ann, Sam (Sam Rivera) here. Twice https://facebook.com/ann.lee no phone',
    );
  });
});

describe('templateSnippet', () => {
  it('folds lines and shortens long texts', () => {
    expect(templateSnippet('Hi\n\n  there')).toBe('Hi there');
    expect(templateSnippet('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
