import { z } from 'zod';

/**
 * Message templates (snippets, SPEC §3; issue 8): one grammar for variables and spintax, parsed,
 * checked and filled here so the setup screen's preview, the contact page's composer and the
 * extension's sender produce the same text.
 *
 * Grammar (also in docs/templates.md):
 *
 *   {{firstName}}            a variable; {{firstName|there}} falls back to "there" when empty
 *   {Hi|Hello|Hey}           spintax: one of the choices; choices nest ({Hi|{Good|Nice} day}) and
 *                            may hold variables ({Hi {{firstName}}|Hello})
 *   \{  \}  \|  \\           a literal brace, bar or backslash
 *
 * A `|` outside braces is plain text. `{{` opens a variable when what follows is a name, an
 * optional `|fallback` and `}}`; otherwise the first `{` opens a choice (so `{{Hi|Hello} there|Hey}`
 * is a choice whose first option is itself a choice). Variable names are `firstName`,
 * `lastName`, `fullName`, `email`, `phone`, `senderFirstName`, `senderName`, `answer.N` (the
 * contact's N-th answer to the pipeline's membership questions, from 1) and `field.KEY` (a
 * custom field; `profile.facebook` etc. for profile links).
 *
 * The spintax choice is seeded by the template's text and the contact (`fillTemplate`'s
 * `seed`: `templateSeed(text, GTID)`), so the preview of a template for a contact, before or
 * after saving, is exactly what will be sent to that contact; editing the text re-rolls it.
 */

export const TEMPLATE_VARIABLES = [
  'firstName',
  'lastName',
  'fullName',
  'email',
  'phone',
  'senderFirstName',
  'senderName',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

/** Namespaced variables: `answer.2`, `field.company`, `profile.instagram`. */
export const TEMPLATE_VARIABLE_NAMESPACES = ['answer', 'field', 'profile'] as const;

/** Longest template text. */
export const TEMPLATE_MAX_LENGTH = 10_000;

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'var'; name: string; fallback: string | null; start: number; end: number }
  | { kind: 'spin'; options: TemplateNode[][]; start: number; end: number };

export interface TemplateProblem {
  message: string;
  /** Character offset of the problem in the template text. */
  start: number;
  end: number;
}

export interface ParsedTemplate {
  nodes: TemplateNode[];
  /** Syntax problems (unbalanced braces, empty names). Empty when the text parses. */
  problems: TemplateProblem[];
}

const NAME = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)?$/;

/**
 * Tries `{{name|fallback}}` at `at` (which holds `{{`); null when what follows is not a
 * variable, so the caller reads the `{` as a choice instead.
 */
function readVariable(src: string, at: number): { node: TemplateNode; next: number } | null {
  let i = at + 2;
  let body = '';
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '\\' && i + 1 < src.length) {
      body += src[i + 1];
      i += 2;
      continue;
    }
    if (ch === '}' && src[i + 1] === '}') {
      const bar = body.indexOf('|');
      const name = (bar < 0 ? body : body.slice(0, bar)).trim();
      if (!NAME.test(name)) return null;
      const fallback = bar < 0 ? null : body.slice(bar + 1);
      return { node: { kind: 'var', name, fallback, start: at, end: i + 2 }, next: i + 2 };
    }
    if (ch === '{' || ch === '}' || ch === '\n') return null;
    body += ch;
    i++;
  }
  return null;
}

/** Parses a template; never throws. Problems name what is wrong and where. */
export function parseTemplate(src: string): ParsedTemplate {
  const problems: TemplateProblem[] = [];
  let i = 0;

  // Reads a sequence of parts until `stop` says so (at a `|` or `}` inside a choice) or the end.
  const readParts = (inChoice: boolean): TemplateNode[] => {
    const nodes: TemplateNode[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push({ kind: 'text', text });
      text = '';
    };
    while (i < src.length) {
      const ch = src[i]!;
      if (ch === '\\' && i + 1 < src.length) {
        text += src[i + 1];
        i += 2;
        continue;
      }
      if (inChoice && (ch === '|' || ch === '}')) break;
      if (ch === '}') {
        problems.push({
          message: 'A "}" has no "{" before it (write \\} for a literal brace).',
          start: i,
          end: i + 1,
        });
        text += ch;
        i++;
        continue;
      }
      if (ch === '{') {
        if (src[i + 1] === '{') {
          const variable = readVariable(src, i);
          if (variable) {
            flush();
            nodes.push(variable.node);
            i = variable.next;
            continue;
          }
        }
        flush();
        nodes.push(readChoice());
        continue;
      }
      text += ch;
      i++;
    }
    flush();
    return nodes;
  };

  const readChoice = (): TemplateNode => {
    const start = i;
    i++; // the `{`
    const options: TemplateNode[][] = [readParts(true)];
    while (i < src.length && src[i] === '|') {
      i++;
      options.push(readParts(true));
    }
    if (i >= src.length) {
      problems.push({
        message: 'A "{" is never closed (write \\{ for a literal brace).',
        start,
        end: start + 1,
      });
      return { kind: 'spin', options, start, end: i };
    }
    i++; // the `}`
    if (options.length === 1) {
      problems.push({
        message: 'Choices need at least two options separated by "|", as in {Hi|Hello}.',
        start,
        end: i,
      });
    }
    return { kind: 'spin', options, start, end: i };
  };

  const nodes = readParts(false);
  return { nodes, problems };
}

export interface TemplateCheckOptions {
  /** Custom field keys the team has; `field.KEY` outside them is unknown. Absent = any key. */
  fieldKeys?: readonly string[];
}

/** A variable name the grammar knows (given the team's custom fields). */
export function isKnownVariable(name: string, opts: TemplateCheckOptions = {}): boolean {
  if ((TEMPLATE_VARIABLES as readonly string[]).includes(name)) return true;
  const dot = name.indexOf('.');
  if (dot < 0) return false;
  const ns = name.slice(0, dot);
  const key = name.slice(dot + 1);
  if (ns === 'answer') return /^[1-9][0-9]{0,2}$/.test(key);
  if (ns === 'profile') return /^[a-z][a-z0-9_-]*$/.test(key);
  if (ns === 'field') return opts.fieldKeys ? opts.fieldKeys.includes(key) : key.length > 0;
  return false;
}

function suggestionFor(name: string): string | null {
  const lower = name.toLowerCase();
  const known = TEMPLATE_VARIABLES.find((v) => v.toLowerCase() === lower);
  if (known) return known;
  if (['first', 'firstname', 'first_name', 'name'].includes(lower)) return 'firstName';
  if (['last', 'lastname', 'last_name'].includes(lower)) return 'lastName';
  return null;
}

function visitVariables(nodes: TemplateNode[], f: (v: TemplateNode & { kind: 'var' }) => void) {
  for (const n of nodes) {
    if (n.kind === 'var') f(n);
    else if (n.kind === 'spin') for (const o of n.options) visitVariables(o, f);
  }
}

/**
 * Everything wrong with a template, for the save button: syntax problems and unknown variables
 * (with a suggestion when the name is a near miss). Empty = the template can be saved.
 */
export function checkTemplate(src: string, opts: TemplateCheckOptions = {}): TemplateProblem[] {
  if (src.length > TEMPLATE_MAX_LENGTH) {
    return [
      {
        message: `A template can be at most ${TEMPLATE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
        start: TEMPLATE_MAX_LENGTH,
        end: src.length,
      },
    ];
  }
  const { nodes, problems } = parseTemplate(src);
  const unknown: TemplateProblem[] = [];
  visitVariables(nodes, (v) => {
    if (isKnownVariable(v.name, opts)) return;
    const hint = suggestionFor(v.name);
    unknown.push({
      message: `Unknown variable {{${v.name}}}${hint ? ` (did you mean {{${hint}}}?)` : ''}.`,
      start: v.start,
      end: v.end,
    });
  });
  return [...problems, ...unknown].sort((a, b) => a.start - b.start);
}

/** What a template is filled with. Missing values are empty strings or absent keys. */
export interface TemplateContext {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  email?: string | null;
  phone?: string | null;
  senderFirstName?: string | null;
  senderName?: string | null;
  /** The contact's answers in question order (answer.1 is the first). */
  answers?: readonly string[];
  /** Custom fields by key. */
  fields?: Readonly<Record<string, string | null | undefined>>;
  /** Profile links by platform. */
  profiles?: Readonly<Record<string, string | null | undefined>>;
}

/** A contact as a template needs it: the fields a search hit, a contact page and the queue share. */
export interface TemplateContact {
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
  emailAddress?: string | null;
  phoneNumber?: string | null;
  profiles?: Readonly<Record<string, string | null | undefined>> | null;
}

/**
 * What a template is filled with for a contact and the person sending: one mapping for the
 * setup screen's preview, the contact page's composer and the queue's per-recipient text, so the
 * text a user previews is the text that is sent.
 */
export function templateContextOf(
  contact: TemplateContact,
  senderName: string,
  answers: readonly string[] = [],
): TemplateContext {
  const sender = senderName.trim();
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: contact.fullName,
    email: contact.emailAddress,
    phone: contact.phoneNumber,
    profiles: contact.profiles ?? undefined,
    answers,
    senderName: sender,
    senderFirstName: sender.split(/\s+/)[0] ?? '',
  };
}

export function variableValue(name: string, ctx: TemplateContext): string {
  const dot = name.indexOf('.');
  if (dot < 0) {
    if (name === 'fullName') {
      return (
        ctx.fullName?.trim() ||
        [ctx.firstName, ctx.lastName]
          .map((p) => p?.trim())
          .filter(Boolean)
          .join(' ')
      );
    }
    if ((TEMPLATE_VARIABLES as readonly string[]).includes(name)) {
      return (ctx[name as TemplateVariable] ?? '').trim();
    }
    return '';
  }
  const ns = name.slice(0, dot);
  const key = name.slice(dot + 1);
  if (ns === 'answer') return (ctx.answers?.[Number(key) - 1] ?? '').trim();
  if (ns === 'field') return (ctx.fields?.[key] ?? '').trim();
  if (ns === 'profile') return (ctx.profiles?.[key] ?? '').trim();
  return '';
}

/** FNV-1a over UTF-16 code units: a stable 32-bit seed from a string. */
export function templateSeed(...parts: string[]): number {
  let h = 0x811c9dc5;
  const s = parts.join('\u0000');
  for (let k = 0; k < s.length; k++) {
    h ^= s.charCodeAt(k);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough to pick among a few options, same on every engine. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FilledTemplate {
  text: string;
  /** Variables used with no value and no fallback (the composer warns before sending). */
  missing: string[];
  /** Syntax problems and unknown variables; `text` is still the best effort. */
  problems: TemplateProblem[];
}

/**
 * Fills a template for one contact. `seed` picks the spintax options: pass
 * `templateSeed(templateText, GTID)` so the same template gives the same contact the same text.
 */
export function fillTemplate(
  src: string,
  ctx: TemplateContext,
  seed: number,
  opts: TemplateCheckOptions = {},
): FilledTemplate {
  const { nodes } = parseTemplate(src);
  const random = seededRandom(seed);
  const missing = new Set<string>();
  const render = (list: TemplateNode[]): string => {
    let out = '';
    for (const n of list) {
      if (n.kind === 'text') out += n.text;
      else if (n.kind === 'var') {
        const value = variableValue(n.name, ctx);
        if (value) out += value;
        else if (n.fallback !== null) out += n.fallback;
        else missing.add(n.name);
      } else {
        // One draw per choice met, in reading order: stable for a given seed and template.
        const pick = Math.min(n.options.length - 1, Math.floor(random() * n.options.length));
        out += render(n.options[pick]!);
      }
    }
    return out;
  };
  return { text: render(nodes), missing: [...missing], problems: checkTemplate(src, opts) };
}

/** Escapes plain text so a template shows it as written (`{` → `\\{`, …). */
export function escapeTemplateText(text: string): string {
  return text.replace(/[\\{}|]/g, (ch) => '\\' + ch);
}

/** How many different texts the spintax can produce (the preview says "1 of 12 variants"). */
export function templateVariantCount(src: string): number {
  const count = (list: TemplateNode[]): number =>
    list.reduce(
      (acc, n) => (n.kind === 'spin' ? acc * n.options.reduce((s, o) => s + count(o), 0) : acc),
      1,
    );
  return count(parseTemplate(src).nodes);
}

// ---- stored templates (SPEC §3: categories, types and tags) ----

/** Most tags on one template. */
export const TEMPLATE_MAX_TAGS = 20;

const optionalRef = z.string().trim().min(1).max(128).nullable().optional();

/** A template's text: not empty, and free of syntax problems and unknown variables. */
export const templateBodySchema = z
  .string()
  .max(TEMPLATE_MAX_LENGTH, `A template can be at most ${TEMPLATE_MAX_LENGTH} characters.`)
  .refine((b) => b.trim().length > 0, 'Write the message.')
  .superRefine((body, ctx) => {
    for (const p of checkTemplate(body)) ctx.addIssue({ code: 'custom', message: p.message });
  });

const templateName = z
  .string()
  .trim()
  .min(1, 'Name the template.')
  .max(120, 'Keep the name under 120 characters.');

const templateTags = z
  .array(z.string().trim().min(1).max(40, 'Keep each tag under 40 characters.'))
  .max(TEMPLATE_MAX_TAGS, `A template takes up to ${TEMPLATE_MAX_TAGS} tags.`)
  .transform((tags) => [...new Set(tags)]);

export const messageTemplateCreateSchema = z
  .object({
    name: templateName,
    body: templateBodySchema,
    categoryID: optionalRef,
    typeID: optionalRef,
    tags: templateTags.optional(),
  })
  .strict();
export type MessageTemplateCreate = z.infer<typeof messageTemplateCreateSchema>;

export const messageTemplatePatchSchema = messageTemplateCreateSchema
  .partial()
  .refine(
    (p) => Object.values(p).some((v) => v !== undefined),
    'Send at least one field to change.',
  );
export type MessageTemplatePatch = z.infer<typeof messageTemplatePatchSchema>;

/** A template category or type (team lists managed by owners and admins). */
export const templateGroupSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(60, 'Keep the name under 60 characters.'),
  })
  .strict();
