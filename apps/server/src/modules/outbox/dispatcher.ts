import { randomUUID } from 'node:crypto';
import { systemScope } from '../../db/scope';
import type { Database } from '../../db/database';
import { withTx } from '../../db/tx';
import type { Logger } from '../../logger';
import { claimRows, completeClaim, lockClaim, rowKey, type Completion } from './repo';
import type { DeliveryResult, OutboxConsumer, OutboxDelivery } from './types';

/**
 * The outbox dispatcher: hands the rows of one kind to that kind's consumer.
 *
 * Rows are claimed by STATE, never by an id high-water mark. An id is not commit order: a row
 * with a smaller id can commit after a larger one was seen (DESIGN §5 saw a plain sequence miss
 * 273 rows), so "everything above the last id" would lose it for good. A row is pending until a
 * claim marks it claimed (a short transaction of its own, with a lease on the app clock), and
 * claimed until the consumer's transaction marks it done, failed or pending again. A claim whose
 * holder crashed is taken again once its lease is over.
 *
 * State lives on the outbox row itself, not in a per-consumer delivery table: each row has
 * exactly one consumer (its kind), and rows meant for several receivers are written once per
 * receiver already (a `sync` row per connection), so a delivery table would copy every row once
 * more for nothing.
 *
 * Finished rows (done, failed, skipped) are kept for `OUTBOX_RETENTION_DAYS` and then deleted
 * by the retention job: what was delivered, when and after how many tries stays readable for
 * a while (a "why did this run" question, a sync log that links to it), and deleting at once
 * would make no fewer dead tuples, only sooner.
 *
 * Fair across teams: a claim takes at most `perTeam` rows of each team, teams in a round-robin
 * from where the last claim stopped, so one team's 100,000 rows never hold up another team's one.
 */
export interface DispatcherOptions {
  kind: string;
  consume: OutboxConsumer;
  /** Rows per claim (and per consumer call). */
  batchSize?: number;
  /** Rows at most of one team per claim. */
  perTeam?: number;
  /** Teams at most per claim. */
  teamsPerBatch?: number;
  /** How long a claim is its holder's alone; a crashed holder's rows are claimed again after. */
  leaseMs?: number;
  /** The wait before the n-th retry (`attempts` tries so far) when the consumer names no time. */
  retryDelayMs?: (attempts: number) => number;
}

/** 30 s, doubling per try, at most 6 hours. */
export const defaultRetryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

export interface BatchResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
  /** Rows of the claim another claimer had taken back before the consumer ran (lease over). */
  lost: number;
}

export class OutboxDispatcher {
  readonly kind: string;
  private readonly consume: OutboxConsumer;
  private readonly batchSize: number;
  private readonly perTeam: number;
  private readonly teamsPerBatch: number;
  private readonly leaseMs: number;
  private readonly retryDelayMs: (attempts: number) => number;
  private readonly scope;
  /** The last team served: the next claim starts after it (round-robin). */
  private cursor = '';

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    opts: DispatcherOptions,
  ) {
    this.kind = opts.kind;
    this.consume = opts.consume;
    this.batchSize = opts.batchSize ?? 200;
    this.perTeam = Math.min(opts.perTeam ?? 100, this.batchSize);
    this.teamsPerBatch = opts.teamsPerBatch ?? 100;
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
    this.retryDelayMs = opts.retryDelayMs ?? defaultRetryDelayMs;
    this.scope = systemScope(`outbox dispatch (${opts.kind})`);
  }

  /** Claims the rows due now (short transaction, committed), answering them and their token. */
  async claim(): Promise<{ token: string; rows: OutboxDelivery[] }> {
    const token = randomUUID();
    const clock = this.database.clock;
    const claimFrom = (afterTeam: string) =>
      withTx(this.database, this.scope, (tx) => {
        const nowMs = clock.now();
        return claimRows(this.scope, tx, {
          kind: this.kind,
          nowMs,
          leaseUntilMs: nowMs + this.leaseMs,
          token,
          limit: this.batchSize,
          perTeam: this.perTeam,
          teams: this.teamsPerBatch,
          afterTeam,
        });
      });
    let rows = await claimFrom(this.cursor);
    if (rows.length === 0 && this.cursor !== '') {
      // Past the last team with due rows: round again from the first.
      this.cursor = '';
      rows = await claimFrom('');
    }
    if (rows.length > 0) this.cursor = rows[rows.length - 1]!.teamUID;
    return { token, rows };
  }

  /**
   * Hands a claim to the consumer, in one transaction with the claim's completion: the rows
   * still this claim's are locked first (no other claimer takes them while the consumer runs,
   * even past the lease), then the consumer runs, then each row is marked by its result. If the
   * consumer throws, its transaction rolls back (no effect, no completion) and the rows are
   * released for a retry after the backoff.
   */
  async deliver(token: string, rows: readonly OutboxDelivery[]): Promise<BatchResult> {
    const result: BatchResult = { claimed: rows.length, done: 0, retried: 0, failed: 0, lost: 0 };
    if (rows.length === 0) return result;
    const clock = this.database.clock;
    try {
      await withTx(this.database, this.scope, async (tx) => {
        const ours = await lockClaim(this.scope, tx, token, rows);
        const mine = rows.filter((r) => ours.has(rowKey(r.teamUID, r.id)));
        result.lost = rows.length - mine.length;
        if (mine.length === 0) return;
        const answers = await this.consume(tx, mine);
        if (answers.length !== mine.length) {
          throw new Error(
            `The ${this.kind} consumer answered ${answers.length} results for ${mine.length} rows.`,
          );
        }
        const nowMs = clock.now();
        const completions = mine.map((row, i) => this.completion(row, answers[i]!, nowMs));
        for (const c of completions) {
          if (c.state === 'done') result.done++;
          else if (c.state === 'failed') result.failed++;
          else result.retried++;
        }
        await completeClaim(this.scope, tx, token, nowMs, completions);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        { err: error, kind: this.kind, rows: rows.length },
        'outbox consumer failed',
      );
      await withTx(this.database, this.scope, (tx) => {
        const nowMs = clock.now();
        return completeClaim(
          this.scope,
          tx,
          token,
          nowMs,
          rows.map((row) => ({
            teamUID: row.teamUID,
            id: row.id,
            state: 'pending' as const,
            dueMs: nowMs + this.retryDelayMs(row.attempts),
            error: message.slice(0, 2_000),
          })),
        );
      });
      return { ...result, done: 0, failed: 0, retried: rows.length - result.lost };
    }
    return result;
  }

  private completion(row: OutboxDelivery, answer: DeliveryResult, nowMs: number): Completion {
    const key = { teamUID: row.teamUID, id: row.id };
    switch (answer.outcome) {
      case 'done':
        return { ...key, state: 'done', dueMs: null, error: null };
      case 'failed':
        return { ...key, state: 'failed', dueMs: null, error: answer.error.slice(0, 2_000) };
      case 'retry':
        return {
          ...key,
          state: 'pending',
          dueMs: answer.atMs ?? nowMs + this.retryDelayMs(row.attempts),
          error: answer.error?.slice(0, 2_000) ?? null,
        };
    }
  }

  /** One claim and its delivery. */
  async runBatch(): Promise<BatchResult> {
    const { token, rows } = await this.claim();
    return this.deliver(token, rows);
  }

  /**
   * Runs batches until a claim finds nothing due or `budgetMs` of real time is spent (a job must
   * not hold its worker forever); answers whether rows may be left (the caller queues another
   * run). A batch short of `batchSize` does not mean the end: the per-team cap makes a lone
   * team's backlog come `perTeam` rows at a time. A claim of only rows this drain has already
   * handed out (a consumer that answered "retry now") ends it too, rather than spinning on them:
   * the next run takes them.
   */
  async drain(budgetMs = 20_000): Promise<{ delivered: number; more: boolean }> {
    const started = Date.now();
    const handed = new Set<string>();
    let delivered = 0;
    for (;;) {
      const { token, rows } = await this.claim();
      if (rows.length === 0) return { delivered, more: false };
      const fresh = rows.filter((r) => !handed.has(rowKey(r.teamUID, r.id)));
      for (const r of rows) handed.add(rowKey(r.teamUID, r.id));
      delivered += (await this.deliver(token, rows)).done;
      if (fresh.length === 0) return { delivered, more: false };
      if (Date.now() - started >= budgetMs) return { delivered, more: true };
    }
  }
}
