import {
  answerLayout,
  defaultExportColumns,
  effectiveSort,
  EXPORT_PAGE_SIZE,
  exportHeader,
  exportLine,
  type ExportContact,
  type ExportRequest,
  notFound,
} from '@leadloom/core';
import type { AppDb } from '../../db/database';
import type { TeamScope } from '../../db/scope';
import { type Db, inTx } from '../../db/tx';
import * as search from '../search/queries';
import { planSearch } from '../search/service';
import * as repo from './repo';

export interface ExportOptions {
  /** Rows per page (tests use a small one to prove the paging). */
  pageSize?: number;
  /** Called after each page is read, with its row count (tests count the pages read). */
  onPage?: (rows: number) => void;
}

/**
 * CSV of every contact the scope sees that matches the filter (issue 7), as a stream: one page
 * of the search's SQL (keyset paging on the search's sort key, `search/repo.ts`) is read each
 * time the consumer wants more bytes, so memory holds about one page however many rows match.
 * The first page is read before this returns, so a failure there is an HTTP error, not a cut
 * file; a later failure errors the stream (the download fails rather than ending short).
 */
export async function exportContacts(
  database: Db,
  scope: TeamScope,
  req: ExportRequest,
  options: ExportOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const columnPipeline = req.pipelineUID ?? req.searchObj.pipelineUID ?? null;
  if (columnPipeline && !(await repo.pipelineVisible(scope, database.db, columnPipeline))) {
    throw notFound('Pipeline not found');
  }
  const columns = req.columns ?? defaultExportColumns(columnPipeline !== null);
  const sort = effectiveSort(req);
  // Each page is one read transaction, planned as the search service plans (typo tolerance is
  // set per transaction).
  const run = <T>(fn: (db: AppDb) => Promise<T>) => inTx(database, scope, (tx) => fn(tx.db));
  const plan = (db: AppDb, after: search.SearchPlan['after']) =>
    planSearch(scope, db, {
      filter: req.searchObj,
      pipelineUID: req.searchObj.pipelineUID ?? null,
      sort,
      from: 0,
      size: pageSize,
      after,
      exactTotal: false,
    });
  // The answers column becomes one column per question the exported contacts answered: the
  // questions are read before the header (one statement over the matching contacts' answers).
  const withAnswers = columns.includes('answers') && columnPipeline !== null;
  const answers = withAnswers
    ? await run(async (db) =>
        answerLayout(
          await repo.teamQuestions(scope, db),
          await repo.answeredQuestions(scope, db, await plan(db, null), columnPipeline),
        ),
      )
    : undefined;
  const ctx = { onePipeline: columnPipeline !== null, ...(answers ? { answers } : {}) };

  let after: search.SearchPlan['after'] = null;
  let done = false;
  const readPage = () =>
    run(async (db) => {
      const rows = await search.searchPage(scope, db, await plan(db, after), { answers: false });
      const labelUIDs = [
        ...new Set(rows.map((r) => r.status_label_uid).filter((l): l is string => l !== null)),
      ];
      const details = await repo.pageDetails(
        scope,
        db,
        rows.map((r) => r.gtid),
        labelUIDs,
        columnPipeline,
        withAnswers,
      );
      options.onPage?.(rows.length);
      const last = rows.at(-1);
      if (last && rows.length === pageSize) after = { v: last.cursor_value, g: last.gtid };
      else done = true;
      return rows.map((r) => exportLine(toExportContact(r, details), columns, ctx)).join('');
    });

  const encoder = new TextEncoder();
  const first = exportHeader(columns, ctx) + (await readPage());
  let sentFirst = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!sentFirst) {
          sentFirst = true;
          controller.enqueue(encoder.encode(first));
        } else {
          const text = await readPage();
          if (text) controller.enqueue(encoder.encode(text));
        }
        if (done) controller.close();
      },
    },
    // Ask for the next page only once the previous one has been taken by the consumer.
    { highWaterMark: 0 },
  );
}

function toExportContact(row: search.PageRow, d: repo.PageDetails): ExportContact {
  return {
    GTID: row.gtid,
    fullName: row.full_name,
    firstName: row.first_name,
    lastName: row.last_name,
    emailAddress: row.email_address,
    phoneNumber: row.phone_number,
    tags: d.tags.filter((t) => t.gtid === row.gtid).map((t) => t.name),
    statusLabel: row.status_label_uid ? (d.labels.get(row.status_label_uid) ?? null) : null,
    sources: row.sources,
    createdAt: row.created_at,
    lastActivityAt: row.last_activity_at,
    stages: d.placements
      .filter((p) => p.gtid === row.gtid)
      .map((p) => ({ pipeline: p.pipeline, stage: p.stage })),
    dealValue: d.deals.get(row.gtid) ?? '0',
    profiles: row.profiles,
    answers: d.answers.get(row.gtid) ?? [],
  };
}
