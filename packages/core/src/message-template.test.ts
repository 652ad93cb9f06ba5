import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkTemplate,
  escapeTemplateText,
  fillTemplate,
  parseTemplate,
  templateContextOf,
  templateSeed,
  templateVariantCount,
  type TemplateContext,
  type TemplateNode,
} from './message-template';

const ann: TemplateContext = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  senderFirstName: 'Sam',
  senderName: 'Sam Rivera',
  answers: ['Yes, twice', ''],
  fields: { company: 'Acme' },
  profiles: { instagram: 'https://instagram.com/ann.lee' },
};

const fill = (src: string, ctx: TemplateContext = ann, seed = 1) => fillTemplate(src, ctx, seed);

describe('variables', () => {
  it('fills names, the sender, answers, custom fields and profiles', () => {
    const out = fill(
      '{{firstName}} {{lastName}} / {{fullName}} / {{senderFirstName}} of {{senderName}} / {{answer.1}} / {{field.company}} / {{profile.instagram}}',
    );
    expect(out.text).toBe(
      'Ann Lee / Ann Lee / Sam of Sam Rivera / Yes, twice / Acme / https://instagram.com/ann.lee',
    );
    expect(out.missing).toEqual([]);
    expect(out.problems).toEqual([]);
  });

  it('uses the fallback only when the value is empty, and reports what is missing', () => {
    expect(fill('Hi {{firstName|there}}!').text).toBe('Hi Ann!');
    expect(fill('Hi {{firstName|there}}!', { firstName: '  ' }).text).toBe('Hi there!');
    expect(fill('Hi {{ firstName | you lot }}!', {}).text).toBe('Hi  you lot !');
    const out = fill('Hi {{firstName}}, re {{answer.2}}', { firstName: '' });
    expect(out.text).toBe('Hi , re ');
    expect(out.missing).toEqual(['firstName', 'answer.2']);
  });

  it('names unknown variables as errors, with a suggestion for near misses', () => {
    expect(checkTemplate('Hi {{firstname}}')).toEqual([
      {
        message: 'Unknown variable {{firstname}} (did you mean {{firstName}}?).',
        start: 3,
        end: 16,
      },
    ]);
    expect(checkTemplate('{{nickname}} {{answer.0}} {{colour.x}}').map((p) => p.message)).toEqual([
      'Unknown variable {{nickname}}.',
      'Unknown variable {{answer.0}}.',
      'Unknown variable {{colour.x}}.',
    ]);
    expect(checkTemplate('{{field.company}}', { fieldKeys: ['company'] })).toEqual([]);
    expect(checkTemplate('{{field.size}}', { fieldKeys: ['company'] })[0]?.message).toBe(
      'Unknown variable {{field.size}}.',
    );
  });
});

describe('spintax', () => {
  it('picks one option, nested choices included, and may hold variables', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++)
      seen.add(fill('{Hi|{Good|Nice} day} {{firstName}}', ann, seed).text);
    expect([...seen].sort()).toEqual(['Good day Ann', 'Hi Ann', 'Nice day Ann']);
    expect(fill('{Hi {{firstName}}|Hi {{firstName}}}').text).toBe('Hi Ann');
  });

  it('is seeded by template and contact: the preview is what will be sent', () => {
    const src = '{Hi|Hello|Hey|Howdy} {there|friend|pal}';
    const seed = templateSeed('tpl-1', 'gtid-9');
    expect(fill(src, ann, seed).text).toBe(fill(src, ann, templateSeed('tpl-1', 'gtid-9')).text);
    const texts = new Set(
      Array.from({ length: 30 }, (_, k) => fill(src, ann, templateSeed('tpl-1', `gtid-${k}`)).text),
    );
    expect(texts.size).toBeGreaterThan(3);
  });

  it('reads {{ as a choice in a choice when it is not a variable', () => {
    const out = parseTemplate('{{Hi|Hello} there|Hey}');
    expect(out.problems).toEqual([]);
    expect(templateVariantCount('{{Hi|Hello} there|Hey}')).toBe(3);
  });

  it('counts variants', () => {
    expect(templateVariantCount('plain')).toBe(1);
    expect(templateVariantCount('{a|b} {c|d|e}')).toBe(6);
    expect(templateVariantCount('{a|{b|c}}')).toBe(3);
  });
});

describe('syntax problems', () => {
  it('names unbalanced braces and one-option choices, where they are', () => {
    expect(checkTemplate('Hi {there')).toEqual([
      { message: 'A "{" is never closed (write \\{ for a literal brace).', start: 3, end: 4 },
    ]);
    expect(checkTemplate('Hi} there')).toEqual([
      { message: 'A "}" has no "{" before it (write \\} for a literal brace).', start: 2, end: 3 },
    ]);
    expect(checkTemplate('{{firstName}')[0]?.message).toBe(
      'A "{" is never closed (write \\{ for a literal brace).',
    );
    expect(checkTemplate('say {hello}')[0]?.message).toBe(
      'Choices need at least two options separated by "|", as in {Hi|Hello}.',
    );
  });

  it('takes escaped braces, bars and backslashes literally', () => {
    const out = fill('\\{not a choice\\} a\\|b \\\\ {{firstName}} | plain bar');
    expect(out.problems).toEqual([]);
    expect(out.text).toBe('{not a choice} a|b \\ Ann | plain bar');
  });
});

// ---- properties ----

const word = fc.string({
  unit: fc.constantFrom('a', 'b', 'x', ' ', ',', '.', 'é', '!', '{', '}', '|', '\\'),
  minLength: 1,
  maxLength: 6,
});

/** Templates built from a syntax tree, printed to source (text escaped). */
type Tree =
  | { kind: 'text'; text: string }
  | { kind: 'var'; name: string; fallback: string | null }
  | { kind: 'spin'; options: Tree[][] };
const treeArb: fc.Arbitrary<Tree[]> = fc.letrec((tie) => ({
  list: fc.array(tie('node') as fc.Arbitrary<Tree>, { maxLength: 4 }),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    word.map((text): Tree => ({ kind: 'text', text })),
    fc
      .record({
        name: fc.constantFrom(
          'firstName',
          'lastName',
          'fullName',
          'senderName',
          'answer.1',
          'answer.2',
        ),
        fallback: fc.option(fc.stringMatching(/^[a-z ]{0,5}$/), { nil: null }),
      })
      .map((v): Tree => ({ kind: 'var', ...v })),
    fc
      .array(tie('list') as fc.Arbitrary<Tree[]>, { minLength: 2, maxLength: 3 })
      .map((options): Tree => ({ kind: 'spin', options })),
  ),
})).list;

function print(list: Tree[]): string {
  return list
    .map((n) =>
      n.kind === 'text'
        ? escapeTemplateText(n.text)
        : n.kind === 'var'
          ? `{{${n.name}${n.fallback === null ? '' : `|${n.fallback}`}}}`
          : `{${n.options.map(print).join('|')}}`,
    )
    .join('');
}

/** Every text a tree can produce. */
function expansions(list: Tree[], ctx: TemplateContext): Set<string> {
  let acc = new Set<string>(['']);
  for (const n of list) {
    let parts: Set<string>;
    if (n.kind === 'text') parts = new Set([n.text]);
    else if (n.kind === 'var') {
      const value = fill(`{{${n.name}}}`, ctx).text;
      parts = new Set([value || (n.fallback ?? '')]);
    } else parts = new Set(n.options.flatMap((o) => [...expansions(o, ctx)]));
    const next = new Set<string>();
    for (const a of acc) for (const p of parts) next.add(a + p);
    acc = next;
  }
  return acc;
}

const strip = (nodes: TemplateNode[]): unknown =>
  nodes.map((n) =>
    n.kind === 'text'
      ? n
      : n.kind === 'var'
        ? { kind: 'var', name: n.name, fallback: n.fallback }
        : { kind: 'spin', options: n.options.map(strip) },
  );

/** Adjacent texts merge when printed and parsed again. */
function normalise(list: Tree[]): unknown {
  const out: Tree[] = [];
  for (const n of list) {
    const last = out[out.length - 1];
    if (n.kind === 'text' && last?.kind === 'text')
      out[out.length - 1] = { kind: 'text', text: last.text + n.text };
    else if (n.kind === 'spin')
      out.push({ kind: 'spin', options: n.options.map((o) => normalise(o) as Tree[]) });
    else out.push(n);
  }
  return out;
}

describe('properties', () => {
  it('escaped text fills to itself with no problems', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const out = fill(escapeTemplateText(text));
        expect(out.problems).toEqual([]);
        expect(out.text).toBe(text);
      }),
    );
  });

  it('a printed template parses back to its tree, with no problems', () => {
    fc.assert(
      fc.property(treeArb, (tree) => {
        const parsed = parseTemplate(print(tree));
        expect(parsed.problems).toEqual([]);
        expect(strip(parsed.nodes)).toEqual(normalise(tree));
      }),
    );
  });

  it('the filled text is one of the template’s expansions, the same for the same seed', () => {
    fc.assert(
      fc.property(treeArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (tree, seed) => {
        const src = print(tree);
        const out = fillTemplate(src, ann, seed);
        expect(expansions(tree, ann).has(out.text)).toBe(true);
        expect(fillTemplate(src, ann, seed).text).toBe(out.text);
      }),
    );
  });

  it('never throws on any text, and problems point inside it', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('{', '}', '|', '\\', 'a', ' ', '.'), maxLength: 40 }),
        (src) => {
          const out = fillTemplate(src, ann, 7);
          for (const p of out.problems) {
            expect(p.start).toBeGreaterThanOrEqual(0);
            expect(p.end).toBeLessThanOrEqual(src.length);
            expect(p.start).toBeLessThanOrEqual(p.end);
          }
        },
      ),
    );
  });
});

describe('templateContextOf', () => {
  const contact = {
    firstName: 'Ann',
    lastName: 'Lee',
    fullName: 'Ann Lee',
    emailAddress: 'ann@example.com',
    phoneNumber: null,
    profiles: { facebook: 'https://facebook.com/ann.lee' },
  };

  it('fills contact, sender and answers as the grammar names them', () => {
    const ctx = templateContextOf(contact, '  Sam Rivera ', ['Twice']);
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
