import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerLayout,
  CSV_BOM,
  defaultExportColumns,
  MAX_ANSWER_COLUMNS,
  csvLine,
  DEFAULT_EXPORT_COLUMNS,
  escapeFormula,
  EXPORT_COLUMN_KEYS,
  exportCells,
  exportFileName,
  exportHeader,
  exportLine,
  exportRequestSchema,
  parseCsv,
  quoteCsvField,
  type ExportContact,
} from './export';

const DANGEROUS = ['=', '+', '-', '@', '\t', '\r'];

/** Strings rich in the characters that matter: quotes, commas, line ends, formula starts, accents. */
const cell = fc.string({
  unit: fc.constantFrom(...'ab é"\',\r\n=+-@\t;ü0129.'.split(''), 'ß', '漢', '😀'),
  maxLength: 12,
});

const contact: ExportContact = {
  GTID: 'brave-otter-1',
  fullName: 'Zoë Ãlvarez',
  firstName: 'Zoë',
  lastName: 'Ãlvarez',
  emailAddress: 'zoe@example.com',
  phoneNumber: '+1 555 0100',
  tags: ['warm', 'vip, gold'],
  statusLabel: 'Hot',
  sources: ['instagram'],
  createdAt: '2026-03-01T10:00:00.000Z',
  lastActivityAt: null,
  stages: [
    { pipeline: 'Sales', stage: 'Proposal' },
    { pipeline: 'Hiring', stage: 'New' },
  ],
  dealValue: '-12.50',
  profiles: {
    instagram: 'https://instagram.com/zoe',
    tiktok: 'https://tiktok.com/@zoe',
    facebook: '=HYPERLINK("http://evil")',
  },
};

describe('CSV cells', () => {
  it('escapes every cell that starts a formula with a single quote, and nothing else', () => {
    fc.assert(
      fc.property(cell, (value) => {
        const out = escapeFormula(value);
        const plainNumber = /^-?\d+(\.\d+)?$/.test(value);
        if (DANGEROUS.some((d) => value.startsWith(d)) && !plainNumber) {
          expect(out).toBe(`'${value}`);
        } else {
          expect(out).toBe(value);
        }
        expect(DANGEROUS.some((d) => out.startsWith(d)) && !plainNumber).toBe(false);
      }),
    );
    expect(escapeFormula('=1+2')).toBe("'=1+2");
    expect(escapeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeFormula('\tx')).toBe("'\tx");
    expect(escapeFormula('-12.5')).toBe('-12.5');
    expect(escapeFormula('-1+2')).toBe("'-1+2");
  });

  it('quotes per RFC 4180 only when needed, and parsing gives the rows back', () => {
    expect(quoteCsvField('plain')).toBe('plain');
    expect(quoteCsvField('a,b')).toBe('"a,b"');
    expect(quoteCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(quoteCsvField('two\nlines')).toBe('"two\nlines"');
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 8 }),
        (rows) => {
          const text = CSV_BOM + rows.map((r) => csvLine(r)).join('');
          expect(parseCsv(text)).toEqual(rows.map((r) => r.map(escapeFormula)));
          // Every line ends with CRLF; no bare quote outside a quoted field.
          expect(rows.length === 0 || text.endsWith('\r\n')).toBe(true);
        },
      ),
    );
  });

  it('a line never lets a cell start a formula once parsed', () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 6 }), (cells) => {
        const [parsed] = parseCsv(csvLine(cells));
        for (const value of parsed!) {
          const plainNumber = /^-?\d+(\.\d+)?$/.test(value);
          expect(DANGEROUS.some((d) => value.startsWith(d)) && !plainNumber).toBe(false);
        }
      }),
    );
  });
});

describe('export rows', () => {
  it('starts with a BOM and the headers of the columns asked, in order', () => {
    const head = exportHeader(['email', 'name', 'tags']);
    expect(head).toBe('\uFEFFE-mail,Name,Tags\r\n');
    expect(parseCsv(exportHeader(DEFAULT_EXPORT_COLUMNS))[0]).toHaveLength(
      EXPORT_COLUMN_KEYS.length - 1,
    );
  });

  it('writes tag names, label names, ISO dates, stages and profile links', () => {
    const cells = exportCells(contact, DEFAULT_EXPORT_COLUMNS, { onePipeline: false });
    const byHeader = Object.fromEntries(
      DEFAULT_EXPORT_COLUMNS.map((k, i) => [k, cells[i]] as const),
    );
    expect(byHeader).toEqual({
      name: 'Zoë Ãlvarez',
      firstName: 'Zoë',
      lastName: 'Ãlvarez',
      email: 'zoe@example.com',
      phone: '+1 555 0100',
      stage: 'Sales: Proposal; Hiring: New',
      dealValue: '-12.50',
      tags: 'warm; vip, gold',
      statusLabel: 'Hot',
      sources: 'instagram',
      createdAt: '2026-03-01T10:00:00.000Z',
      lastActivityAt: '',
      facebook: '=HYPERLINK("http://evil")',
      instagram: 'https://instagram.com/zoe',
      linkedin: '',
      otherProfiles: 'tiktok: https://tiktok.com/@zoe',
      id: 'brave-otter-1',
    });
    const one = { ...contact, stages: [{ pipeline: 'Sales', stage: 'Proposal' }] };
    expect(exportCells(one, ['stage'], { onePipeline: true })).toEqual(['Proposal']);
    const line = exportLine(contact, ['name', 'phone', 'facebook', 'tags'], {
      onePipeline: false,
    });
    expect(line).toBe(
      `Zoë Ãlvarez,'+1 555 0100,"'=HYPERLINK(""http://evil"")","warm; vip, gold"\r\n`,
    );
  });

  it('spreads answers over one column per question, headed by the question', () => {
    const team = [
      { questionUID: 'q-budget', question: 'Budget?' },
      { questionUID: 'q-never', question: 'Never answered?' },
      { questionUID: 'q-role', question: 'Your role' },
    ];
    const answered = [
      { questionUID: null, question: 'How did you find us?' },
      { questionUID: 'q-role', question: 'Role' }, // asked before it was reworded
      { questionUID: null, question: ' Budget? ' }, // a free answer to a team question's text
      { questionUID: 'q-budget', question: 'Budget?' },
    ];
    const layout = answerLayout(team, answered);
    expect(layout.columns.map((c) => c.header)).toEqual([
      'Budget?',
      'Your role',
      'How did you find us?',
    ]);
    expect(layout.other).toBe(false);
    const zoe: ExportContact = {
      ...contact,
      answers: [
        { questionUID: 'q-budget', question: 'Budget?', answer: '=1+1' },
        { questionUID: null, question: 'How did you find us?', answer: 'A friend, Ana' },
        { questionUID: 'q-role', question: 'Role', answer: 'CTO' },
      ],
    };
    const ctx = { onePipeline: true, answers: layout };
    const head = exportHeader(['name', 'answers', 'id'], ctx);
    expect(parseCsv(head)[0]).toEqual([
      'Name',
      'Budget?',
      'Your role',
      'How did you find us?',
      'ID',
    ]);
    expect(exportLine(zoe, ['name', 'answers', 'id'], ctx)).toBe(
      `Zoë Ãlvarez,'=1+1,CTO,"A friend, Ana",brave-otter-1\r\n`,
    );
    // A contact with no answers: empty cells, the row keeps its width.
    expect(exportCells({ ...contact, answers: [] }, ['answers'], ctx)).toEqual(['', '', '']);
    // Nobody answered anything: one empty "Answers" column (the column asked for is there).
    const none = { onePipeline: true, answers: answerLayout(team, []) };
    expect(parseCsv(exportHeader(['answers'], none))[0]).toEqual(['Answers']);
    expect(exportCells(contact, ['answers'], none)).toEqual(['']);
  });

  it('puts answers past the column limit into one "Other answers" column', () => {
    const answered = Array.from({ length: MAX_ANSWER_COLUMNS + 2 }, (_, i) => ({
      questionUID: null,
      question: `Q${i}`,
    }));
    const layout = answerLayout([], answered);
    expect(layout.columns).toHaveLength(MAX_ANSWER_COLUMNS);
    expect(layout.other).toBe(true);
    const ctx = { onePipeline: true, answers: layout };
    const headers = parseCsv(exportHeader(['answers'], ctx))[0]!;
    expect(headers.at(-1)).toBe('Other answers');
    const cells = exportCells(
      {
        ...contact,
        answers: [
          { questionUID: null, question: 'Q0', answer: 'zero' },
          { questionUID: null, question: `Q${MAX_ANSWER_COLUMNS}`, answer: 'late' },
          { questionUID: null, question: `Q${MAX_ANSWER_COLUMNS + 1}?`, answer: 'later' },
        ],
      },
      ['answers'],
      ctx,
    );
    expect(cells[0]).toBe('zero');
    expect(cells.at(-1)).toBe(`Q${MAX_ANSWER_COLUMNS}: late; Q${MAX_ANSWER_COLUMNS + 1}? later`);
  });

  it('names the file after the UTC date', () => {
    expect(exportFileName(Date.UTC(2026, 10, 21, 23, 59))).toBe('leadloom-contacts-2026-11-21.csv');
  });
});

describe('export request', () => {
  it('defaults to every contact and names the offending field', () => {
    expect(exportRequestSchema.parse({})).toEqual({ searchObj: {} });
    const bad = (body: unknown) => {
      const r = exportRequestSchema.safeParse(body);
      return r.success ? null : r.error.issues[0]!.path.join('.');
    };
    expect(bad({ columns: ['name', 'nope'] })).toBe('columns.1');
    expect(bad({ columns: ['name', 'name'] })).toBe('columns');
    expect(bad({ columns: [] })).toBe('columns');
    expect(bad({ searchObj: { hasEmail: 'yes' } })).toBe('searchObj.hasEmail');
    expect(bad({ sort: { field: 'stage' } })).toBe('sort.field');
    expect(bad({ pipelineUID: 'a', searchObj: { pipelineUID: 'b' } })).toBe('pipelineUID');
    expect(bad({ extra: 1 })).toBe('');
    // Answers are per pipeline: the column needs one.
    expect(bad({ columns: ['name', 'answers'] })).toBe('columns.1');
    expect(bad({ columns: ['answers'], pipelineUID: 'p' })).toBe(null);
    expect(bad({ columns: ['answers'], searchObj: { pipelineUID: 'p' } })).toBe(null);
    expect(defaultExportColumns(false)).not.toContain('answers');
    expect(defaultExportColumns(true)).toContain('answers');
  });
});
