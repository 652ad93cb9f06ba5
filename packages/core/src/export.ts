import { z } from 'zod';
import { searchFilterSchema, searchRequestSchema } from './search';

/**
 * CSV export of contacts (issue 7): the request, the columns, and the file format. The server
 * streams every contact matching a search filter through these functions page by page; the web
 * app offers the same columns. Pure: no I/O.
 *
 * File format: RFC 4180 (fields separated by commas, lines ended by CRLF, a field holding a
 * comma, a double quote, CR or LF is wrapped in double quotes with its quotes doubled), preceded
 * by a UTF-8 byte-order mark so Excel reads accents right. A cell that a spreadsheet would run as
 * a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) is prefixed with a
 * single quote (OWASP "CSV injection"); a plain decimal number such as `-12.5` is left as is
 * (it cannot be a formula). Tags and labels are written by name, dates as ISO 8601 in UTC.
 *
 * Answers (the table's "Answers" column) are written one column per question, headed by the
 * question: a person opening the file in a spreadsheet wants to filter and sort on "Budget?",
 * which one `Question: answer; …` cell would not let them do. The questions are those answered
 * by the exported contacts in the exported pipeline (read before the first row, so the file
 * still streams): a team question is one column under its current text (answers given before
 * it was reworded included), a free question one column per distinct text. Past
 * MAX_ANSWER_COLUMNS questions, the rest share one "Other answers" column (`Question: answer`).
 */

/** What one contact row is built from (names already resolved; the server's job). */
export interface ExportContact {
  GTID: string;
  fullName: string;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  /** Tag names (global tags and tags of pipelines the caller sees). */
  tags: string[];
  /** The status label's display name, or null. */
  statusLabel: string | null;
  sources: string[];
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, or null when there was never any activity. */
  lastActivityAt: string | null;
  /** Placements: in the exported pipeline only when one is chosen, else every visible one. */
  stages: { pipeline: string; stage: string }[];
  /** Open and won deals summed (the exported pipeline, or every visible one), decimal string. */
  dealValue: string;
  /** Profile links by platform (`facebook`, `instagram`, ...). */
  profiles: Record<string, string>;
  /** Non-empty answers in the exported pipeline, in question order (none without one). */
  answers?: ExportAnswer[];
}

/** One answer: the team question answered (null for a free question) and the text as asked. */
export interface ExportAnswer {
  questionUID: string | null;
  question: string;
  answer: string;
}

export interface ExportContext {
  /** True when the export names one pipeline: the stage column then holds the stage name only. */
  onePipeline: boolean;
  /** How the `answers` column spreads over question columns (`answerLayout`). */
  answers?: AnswerLayout;
}

/** The question columns the `answers` column becomes (`answerLayout`). */
export interface AnswerLayout {
  /** One per question, in order: the key answers are filed under and the header. */
  columns: { key: string; header: string }[];
  /** True when answers past MAX_ANSWER_COLUMNS questions share an "Other answers" column. */
  other: boolean;
  /** The column key of an answer (`columns[i].key`; not found = the "Other answers" column). */
  keyOf: (a: Pick<ExportAnswer, 'questionUID' | 'question'>) => string;
}

/** Question columns at most; answers to further questions share "Other answers". */
export const MAX_ANSWER_COLUMNS = 50;
export const OTHER_ANSWERS_HEADER = 'Other answers';

const normalQuestion = (q: string) => q.trim().replace(/\s+/g, ' ');

/** A question before its answer, as the table's tooltip writes it: `Budget?` / `Budget:`. */
export function questionWithAnswer(a: Pick<ExportAnswer, 'question' | 'answer'>): string {
  const q = normalQuestion(a.question);
  return `${/[?:.!]$/.test(q) ? q : `${q}:`} ${a.answer.trim()}`;
}

/**
 * The answer columns of an export. `teamQuestions`: the team's questions in their order (live,
 * then test); `answered`: the distinct (questionUID, question) pairs the exported contacts
 * answered, in first-answered order. A team question is keyed by its id and headed by its
 * current text; an answer with no id whose text is a team question's current text joins that
 * question's column; any other text is its own column (spaces normalised). Team questions come
 * first, in team order, then free ones as answered; only answered questions get a column.
 */
export function answerLayout(
  teamQuestions: readonly { questionUID: string; question: string }[],
  answered: readonly { questionUID: string | null; question: string }[],
): AnswerLayout {
  const byUID = new Map(teamQuestions.map((q) => [q.questionUID, normalQuestion(q.question)]));
  const byText = new Map<string, string>();
  for (const q of teamQuestions) {
    const t = normalQuestion(q.question);
    if (!byText.has(t)) byText.set(t, q.questionUID);
  }
  const keyOf = (a: Pick<ExportAnswer, 'questionUID' | 'question'>) => {
    if (a.questionUID !== null && byUID.has(a.questionUID)) return `q:${a.questionUID}`;
    const text = normalQuestion(a.question);
    const uid = byText.get(text);
    return uid !== undefined ? `q:${uid}` : `t:${text}`;
  };
  const keys = new Set(answered.map(keyOf));
  const team = teamQuestions
    .filter((q) => keys.has(`q:${q.questionUID}`))
    .map((q) => ({ key: `q:${q.questionUID}`, header: byUID.get(q.questionUID)! }));
  const free = [...keys]
    .filter((k) => k.startsWith('t:'))
    .map((k) => ({ key: k, header: k.slice(2) }));
  const all = [...team, ...free];
  return {
    columns: all.slice(0, MAX_ANSWER_COLUMNS),
    other: all.length > MAX_ANSWER_COLUMNS,
    keyOf,
  };
}

function answerHeaders(layout: AnswerLayout | undefined): string[] {
  if (!layout || (layout.columns.length === 0 && !layout.other)) return ['Answers'];
  return [...layout.columns.map((c) => c.header), ...(layout.other ? [OTHER_ANSWERS_HEADER] : [])];
}

function answerCells(c: ExportContact, layout: AnswerLayout | undefined): string[] {
  const answers = c.answers ?? [];
  if (!layout || (layout.columns.length === 0 && !layout.other)) {
    return [answers.map(questionWithAnswer).join('; ')];
  }
  const cells = new Map<string, string[]>();
  const other: string[] = [];
  const shown = new Set(layout.columns.map((col) => col.key));
  for (const a of answers) {
    const key = layout.keyOf(a);
    if (shown.has(key)) cells.set(key, [...(cells.get(key) ?? []), a.answer.trim()]);
    else other.push(questionWithAnswer(a));
  }
  return [
    ...layout.columns.map((col) => (cells.get(col.key) ?? []).join('; ')),
    ...(layout.other ? [other.join('; ')] : []),
  ];
}

interface ColumnDef {
  header: string;
  value(c: ExportContact, ctx: ExportContext): string;
}

const PROFILE_COLUMNS = ['facebook', 'instagram', 'linkedin'] as const;

/** Every column an export can hold, in the default order. */
export const EXPORT_COLUMNS = {
  name: { header: 'Name', value: (c) => displayName(c) },
  firstName: { header: 'First name', value: (c) => c.firstName },
  lastName: { header: 'Last name', value: (c) => c.lastName },
  email: { header: 'E-mail', value: (c) => c.emailAddress ?? '' },
  phone: { header: 'Phone', value: (c) => c.phoneNumber ?? '' },
  stage: {
    header: 'Stage',
    value: (c, ctx) =>
      ctx.onePipeline
        ? c.stages.map((s) => s.stage).join('; ')
        : c.stages.map((s) => `${s.pipeline}: ${s.stage}`).join('; '),
  },
  dealValue: { header: 'Deal value', value: (c) => c.dealValue },
  /** Spread over one column per question (`answerLayout`); needs a pipeline. */
  answers: {
    header: 'Answers',
    value: (c) => (c.answers ?? []).map(questionWithAnswer).join('; '),
  },
  tags: { header: 'Tags', value: (c) => c.tags.join('; ') },
  statusLabel: { header: 'Status label', value: (c) => c.statusLabel ?? '' },
  sources: { header: 'Sources', value: (c) => c.sources.join('; ') },
  createdAt: { header: 'Created', value: (c) => c.createdAt },
  lastActivityAt: { header: 'Last activity', value: (c) => c.lastActivityAt ?? '' },
  facebook: { header: 'Facebook', value: (c) => c.profiles.facebook ?? '' },
  instagram: { header: 'Instagram', value: (c) => c.profiles.instagram ?? '' },
  linkedin: { header: 'LinkedIn', value: (c) => c.profiles.linkedin ?? '' },
  otherProfiles: {
    header: 'Other profiles',
    value: (c) =>
      Object.keys(c.profiles)
        .filter((k) => !(PROFILE_COLUMNS as readonly string[]).includes(k))
        .sort()
        .map((k) => `${k}: ${c.profiles[k] ?? ''}`)
        .join('; '),
  },
  id: { header: 'ID', value: (c) => c.GTID },
} satisfies Record<string, ColumnDef>;

export type ExportColumn = keyof typeof EXPORT_COLUMNS;
export const EXPORT_COLUMN_KEYS = Object.keys(EXPORT_COLUMNS) as [ExportColumn, ...ExportColumn[]];

/** Columns that need a pipeline (answers are kept per pipeline). */
export const PIPELINE_EXPORT_COLUMNS: readonly ExportColumn[] = ['answers'];

/** The columns when none are asked and no pipeline is exported: all but the pipeline ones. */
export const DEFAULT_EXPORT_COLUMNS: readonly ExportColumn[] = EXPORT_COLUMN_KEYS.filter(
  (k) => !PIPELINE_EXPORT_COLUMNS.includes(k),
);

/** The columns when none are asked: all of them, in EXPORT_COLUMNS order (answers with a pipeline). */
export function defaultExportColumns(onePipeline: boolean): readonly ExportColumn[] {
  return onePipeline ? EXPORT_COLUMN_KEYS : DEFAULT_EXPORT_COLUMNS;
}

/** Rows read per page while streaming (keyset paging through the search's SQL). */
export const EXPORT_PAGE_SIZE = 500;

/** The name shown for a contact: full name, else first and last. */
export function displayName(c: Pick<ExportContact, 'fullName' | 'firstName' | 'lastName'>) {
  return c.fullName.trim() || `${c.firstName} ${c.lastName}`.trim();
}

const id = z.string().min(1).max(64);

/** `POST /api/teams/:teamUID/contacts/export`. */
export const exportRequestSchema = z
  .object({
    /** Which contacts: the search filter of `POST /v2` (every match, not one page). */
    searchObj: searchFilterSchema.default({}),
    /** Row order, as in `POST /v2`; default as there (relevance with text, else newest first). */
    sort: searchRequestSchema.shape.sort,
    /**
     * The pipeline whose stage and deal value are written (defaults to `searchObj.pipelineUID`);
     * it does not filter. With none, the stage column lists every visible pipeline's stage.
     */
    pipelineUID: id.optional(),
    /** Columns in order (no repeats); default DEFAULT_EXPORT_COLUMNS. */
    columns: z
      .array(z.enum(EXPORT_COLUMN_KEYS))
      .min(1, 'Choose at least one column.')
      .max(EXPORT_COLUMN_KEYS.length)
      .refine((cols) => new Set(cols).size === cols.length, 'A column may appear once.')
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.sort?.field === 'stage' && !body.searchObj.pipelineUID) {
      ctx.addIssue({
        code: 'custom',
        path: ['sort', 'field'],
        message: 'Sorting by stage needs searchObj.pipelineUID (stages belong to one pipeline)',
      });
    }
    const answersAt = body.columns?.indexOf('answers') ?? -1;
    if (answersAt >= 0 && !body.pipelineUID && !body.searchObj.pipelineUID) {
      ctx.addIssue({
        code: 'custom',
        path: ['columns', answersAt],
        message:
          'The answers column needs a pipeline (pipelineUID or searchObj.pipelineUID): answers are kept per pipeline',
      });
    }
    if (
      body.pipelineUID &&
      body.searchObj.pipelineUID &&
      body.pipelineUID !== body.searchObj.pipelineUID
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['pipelineUID'],
        message: 'pipelineUID must be searchObj.pipelineUID when both are given',
      });
    }
  });
export type ExportRequest = z.infer<typeof exportRequestSchema>;
export type ExportRequestInput = z.input<typeof exportRequestSchema>;

/** The UTF-8 byte-order mark written first, so Excel opens accented names right. */
export const CSV_BOM = '\uFEFF';
/** RFC 4180 line end. */
export const CSV_EOL = '\r\n';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell a spreadsheet would run as a formula gets a leading `'` (plain numbers are kept). */
export function escapeFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** RFC 4180 field: quoted (quotes doubled) when it holds `"`, `,`, CR or LF. */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line (with its CRLF) from cell values: formula-escaped, then quoted. */
export function csvLine(cells: readonly string[]): string {
  return cells.map((cell) => quoteCsvField(escapeFormula(cell))).join(',') + CSV_EOL;
}

/** The header cells, in column order (`answers` spread over its question columns). */
export function exportHeaders(
  columns: readonly ExportColumn[],
  ctx: Pick<ExportContext, 'answers'> = {},
): string[] {
  return columns.flatMap((k) =>
    k === 'answers' ? answerHeaders(ctx.answers) : [EXPORT_COLUMNS[k].header],
  );
}

/** The file's start: BOM and the header line. */
export function exportHeader(
  columns: readonly ExportColumn[],
  ctx: Pick<ExportContext, 'answers'> = {},
): string {
  return CSV_BOM + csvLine(exportHeaders(columns, ctx));
}

/** A contact's cells, in column order (before escaping). */
export function exportCells(
  contact: ExportContact,
  columns: readonly ExportColumn[],
  ctx: ExportContext,
): string[] {
  return columns.flatMap((k) =>
    k === 'answers' ? answerCells(contact, ctx.answers) : [EXPORT_COLUMNS[k].value(contact, ctx)],
  );
}

/** A contact's CSV line. */
export function exportLine(
  contact: ExportContact,
  columns: readonly ExportColumn[],
  ctx: ExportContext,
): string {
  return csvLine(exportCells(contact, columns, ctx));
}

/** `leadloom-contacts-YYYY-MM-DD.csv`, the UTC date of `now` (epoch ms). */
export function exportFileName(now: number = Date.now()): string {
  return `leadloom-contacts-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/**
 * Parses RFC 4180 text (a leading BOM is skipped; CRLF or LF line ends) into rows of fields.
 * The inverse of `csvLine` for what it writes (formula escapes stay in the cells).
 */
export function parseCsv(text: string): string[][] {
  const src = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || (ch === '\r' && src[i + 1] === '\n')) {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r') i++;
    } else field += ch;
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
