import { z } from 'zod';

/**
 * The search service's request (SPEC §7 `POST /v2`; DESIGN §6 paging), its limits and its pure
 * rules (how free text is split into tokens, how a contact's searchable words are built, the
 * `searchAfter` cursor). The server runs the same rules in SQL; the web table validates its
 * queries with the same schema. Published as JSON Schema at `GET /v2/schema`.
 */

/** Largest page (DESIGN §6). */
export const SEARCH_MAX_SIZE = 200;
/** `from + size` may not pass this; go further with `searchAfter` (DESIGN §6). */
export const SEARCH_MAX_WINDOW = 10_000;
/** Totals above this are answered as `{value: SEARCH_TOTAL_BOUND, relation: 'gte'}` unless exact is asked. */
export const SEARCH_TOTAL_BOUND = 10_000;
/** Default page size. */
export const SEARCH_DEFAULT_SIZE = 50;
/** Longest free-text query. */
export const SEARCH_MAX_TEXT = 200;
/**
 * Free-text tokens shorter than this match by prefix only; a longer one that nothing matches as
 * typed (a typo) matches as the team's name words close to it would.
 */
export const SEARCH_FUZZY_MIN_LENGTH = 4;
/** Most name words a typo token stands for (the closest ones). */
export const SEARCH_MAX_CORRECTIONS = 10;
/**
 * pg_trgm word similarity a name word needs to correct a typo token (set for the search's
 * transaction; pg_trgm's default 0.6 misses a one-letter typo in the middle of a 9-letter word).
 */
export const SEARCH_WORD_SIMILARITY = 0.4;
/** Most values in one list filter. */
export const SEARCH_MAX_LIST = 100;

export const SEARCH_SORT_FIELDS = [
  'relevance',
  'name',
  'email',
  'phone',
  'createdAt',
  'lastActivityAt',
  'stage',
  'statusLabel',
  'source',
  'dealValue',
] as const;
export type SearchSortField = (typeof SEARCH_SORT_FIELDS)[number];

const id = z.string().min(1).max(64);
const idList = z.array(id).max(SEARCH_MAX_LIST);

const dateRange = z
  .object({
    /** Inclusive. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** Exclusive. */
    to: z.iso.datetime({ offset: true }).optional(),
    /** Also match contacts with no value (e.g. never any activity). */
    includeEmpty: z.boolean().optional(),
  })
  .strict();

export const searchFilterSchema = z
  .object({
    /** Free text: prefixes of names, e-mail, phone digits and profile handles; typo tolerant. */
    text: z.string().max(SEARCH_MAX_TEXT).optional(),
    /** In this pipeline (one the caller sees). */
    pipelineUID: id.optional(),
    /** In one of these stages (of a pipeline the caller sees). */
    stageUIDs: idList.optional(),
    /** By tag id; global tags and tags of pipelines the caller sees. */
    tags: z
      .object({ any: idList.optional(), all: idList.optional(), none: idList.optional() })
      .strict()
      .optional(),
    /** Status label uids; `null` in the list = no label. */
    statusLabels: z.array(id.nullable()).max(SEARCH_MAX_LIST).optional(),
    /** Any of these sources. */
    sources: z.array(z.string().min(1).max(100)).max(SEARCH_MAX_LIST).optional(),
    createdAt: dateRange.optional(),
    lastActivityAt: dateRange.optional(),
    hasEmail: z.boolean().optional(),
    hasPhone: z.boolean().optional(),
    /**
     * Only these contacts (by GTID, up to SEARCH_MAX_SIZE): a screen re-reads the rows it shows
     * that a teammate changed (the table's live updates), with its own filter and sort, and
     * learns which still match.
     */
    GTIDs: z.array(id).min(1).max(SEARCH_MAX_SIZE).optional(),
    /** Sum of the contact's open and won deals in the pipelines searched (any currency). */
    dealValue: z
      .object({ min: z.number().finite().optional(), max: z.number().finite().optional() })
      .strict()
      .optional(),
  })
  .strict();
export type SearchFilter = z.infer<typeof searchFilterSchema>;

export const searchRequestSchema = z
  .object({
    teamUID: id,
    paging: z
      .object({
        from: z.number().int().min(0).max(SEARCH_MAX_WINDOW).default(0),
        size: z.number().int().min(1).max(SEARCH_MAX_SIZE).default(SEARCH_DEFAULT_SIZE),
        /** The `data.searchAfter` of the previous page: the next page in the same sort. */
        searchAfter: z.string().min(1).max(2000).optional(),
      })
      .strict()
      .refine((p) => p.from + p.size <= SEARCH_MAX_WINDOW, {
        message: `from + size must be at most ${SEARCH_MAX_WINDOW}; use searchAfter to go further`,
        path: ['from'],
      })
      .refine((p) => p.searchAfter === undefined || p.from === 0, {
        message: 'from must be 0 with searchAfter',
        path: ['from'],
      })
      .default({ from: 0, size: SEARCH_DEFAULT_SIZE }),
    /** Default: relevance when there is free text, else createdAt desc. */
    sort: z
      .object({
        field: z.enum(SEARCH_SORT_FIELDS),
        direction: z.enum(['asc', 'desc']).default('asc'),
      })
      .strict()
      .optional(),
    /** What is searched; contacts only for now. */
    objectToFilter: z.literal('contacts').default('contacts'),
    searchObj: searchFilterSchema.default({}),
    /** A pipeline view's first load: with no `searchObj.pipelineUID`, search the default pipeline. */
    isPipelineInitial: z.boolean().default(false),
    /** The screen asking (e.g. "table", "pipeline", "palette"); logged, no effect on results. */
    currentTab: z.string().max(40).optional(),
    options: z
      .object({
        /**
         * `auto`: exact up to SEARCH_TOTAL_BOUND, then a bound marked `gte`; `exact`: always
         * exact; `none`: not counted (a type-ahead list that shows no count): exact only when the
         * page is the last one (a short first page), else `gte` the hits up to the page's end
         * (from + hits; the hits alone after `searchAfter`; 0 for an empty page past the end).
         */
        total: z.enum(['auto', 'exact', 'none']).default('auto'),
      })
      .strict()
      .default({ total: 'auto' }),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.sort?.field === 'stage' && !body.searchObj.pipelineUID && !body.isPipelineInitial) {
      ctx.addIssue({
        code: 'custom',
        path: ['sort', 'field'],
        message: 'Sorting by stage needs searchObj.pipelineUID (stages belong to one pipeline)',
      });
    }
  });
export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type SearchRequestInput = z.input<typeof searchRequestSchema>;

/** The request body's JSON Schema (draft 2020-12), as served at `GET /v2/schema`. */
export function searchRequestJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(searchRequestSchema, { io: 'input' }),
    title: 'Leadloom search request (POST /v2)',
    description:
      `paging: size ≤ ${SEARCH_MAX_SIZE}, from + size ≤ ${SEARCH_MAX_WINDOW}, searchAfter needs from = 0; ` +
      'sort by stage needs searchObj.pipelineUID.',
  };
}

/** The hit count: exact (`eq`) or a lower bound (`gte`) when counting further would be slow. */
export interface SearchTotal {
  value: number;
  relation: 'eq' | 'gte';
}

export interface SearchHit {
  GTID: string;
  fullName: string;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  photoURL: string | null;
  sources: string[];
  profiles: Record<string, string>;
  statusLabelUID: string | null;
  createdAt: string;
  lastActivityAt: string | null;
  /** Placements in the pipelines the caller sees. */
  pipelines: { pipelineUID: string; stageUID: string }[];
  /** Tag ids: global ones and those of pipelines the caller sees. */
  tagIDs: string[];
  /** Open and won deals summed, in the pipelines searched, as a decimal string. */
  dealValue: string;
  /**
   * The contact's non-empty answers in the pipeline searched (the filter's, or the one
   * `isPipelineInitial` picked), in question order; empty when no pipeline is searched.
   */
  answers: SearchHitAnswer[];
}

/** One answer on a hit: the question as asked when answered, and the answer text. */
export interface SearchHitAnswer {
  /** The team question answered; null for a free question (or one no longer asked). */
  questionUID: string | null;
  question: string;
  answer: string;
}

export interface SearchAnswer {
  hits: SearchHit[];
  total: SearchTotal;
  /** Pass as `paging.searchAfter` for the next page; null when this page is the last. */
  searchAfter: string | null;
  from: number;
  size: number;
  /** The pipeline searched (set when `isPipelineInitial` picked it), else null. */
  pipelineUID: string | null;
}

/** The effective sort of a request. */
export function effectiveSort(req: Pick<SearchRequest, 'sort' | 'searchObj'>): {
  field: SearchSortField;
  direction: 'asc' | 'desc';
} {
  if (req.sort) return req.sort;
  return searchTokens(req.searchObj.text ?? '').length > 0
    ? { field: 'relevance', direction: 'desc' }
    : { field: 'createdAt', direction: 'desc' };
}

/** Free text → lower-case tokens (split on white space; control characters dropped), at most 8. */
export function searchTokens(text: string): string[] {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .toLowerCase()
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 8)
  );
}

/** Letters and digits of an e-mail or handle as words (`ann.lee@x.io` → `ann lee x io`). */
export function splitWords(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The last path segment of a profile link: its handle (`https://x.com/ann.lee/` → `ann.lee`). */
export function profileHandle(link: string): string {
  return (
    link
      .toLowerCase()
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? ''
  );
}

export interface SearchableContact {
  firstName: string;
  lastName: string;
  fullName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  profiles: Record<string, string>;
}

/**
 * A contact's searchable words, space separated with a leading space, so "a token is a prefix of
 * a word" is `doc.includes(' ' + token)`. The SQL function `contact_search_doc` (migration 0006)
 * builds the same string.
 */
export function searchDocument(c: SearchableContact): string {
  const email = (c.emailAddress ?? '').toLowerCase();
  const handles = Object.keys(c.profiles)
    .sort()
    .map((k) => profileHandle(c.profiles[k] ?? ''));
  const names = [c.firstName, c.lastName, c.fullName].map((n) => n.toLowerCase());
  const parts = [
    ...names,
    ...names.map(splitWords),
    email,
    splitWords(email),
    (c.phoneNumber ?? '').replace(/[^0-9]/g, ''),
    ...handles.flatMap((h) => [h, splitWords(h)]),
  ];
  return ' ' + parts.join(' ').split(/\s+/).filter(Boolean).join(' ');
}

/**
 * The letter-and-digit parts of a token (`ex.io` → `ex`, `io`): a token also matches when every
 * part is a prefix of a word. Empty when the token is all one part (then it matches as itself).
 */
export function tokenParts(token: string): string[] {
  const parts = splitWords(token).split(' ').filter(Boolean);
  return parts.length === 1 && parts[0] === token ? [] : parts;
}

/** A phone-looking token (digits and + - ( ) . only, with a digit) matches phone digits. */
export function phoneDigits(token: string): string | null {
  return /^[0-9+\-().]+$/.test(token) && /[0-9]/.test(token) ? token.replace(/[^0-9]/g, '') : null;
}

/** The cursor of `searchAfter`: the last hit's sort key. Opaque to clients. */
export interface SearchCursor {
  /** Sort field and direction it was made for (a cursor of another sort is refused). */
  s: string;
  /** The sort value (string or number; null never occurs: sort keys are total). */
  v: string | number;
  /** The hit's GTID, the tie-breaker. */
  g: string;
}

export function encodeSearchCursor(cursor: SearchCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const cursorSchema = z.object({
  s: z.string(),
  v: z.union([z.string(), z.number().finite()]),
  g: z.string().min(1),
});

/** Null for anything that is not a cursor this module made. */
export function decodeSearchCursor(token: string): SearchCursor | null {
  try {
    const bin = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
    const parsed = cursorSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
