/// <reference lib="dom" />
/**
 * The table view stays live (issue 7's table with issue 6's realtime rules), with two people of
 * the demo team in two browser contexts: the owner (A) changes contacts through the API while a
 * teammate (B) has the table open. B's rows show the new stage and tag without a reload, re-read
 * alone (`/v2` with `searchObj.GTIDs`, never the whole table again); a rename that would move a
 * row in B's name order leaves it in place and offers "1 change by teammates · Refresh"; a
 * deleted contact stays, marked, until B refreshes; a bulk job's burst costs B a few requests.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, joinAsTeammate, signInThroughForm } from './session';

const MATE = { name: 'Lu Teammate', email: 'lu@example.test', password: 'lu-teammate-1' };

interface Hit {
  GTID: string;
  fullName: string;
  pipelines: { pipelineUID: string; stageUID: string }[];
}
interface SearchBody {
  searchObj?: { GTIDs?: string[] };
  paging?: { searchAfter?: string };
}

describe.skipIf(requireChromium())('the table updates live', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let a: Page;
  let b: Page;
  let teamUID: string;
  let groupUID: string;
  let stages: { stageUID: string; name: string }[];
  /** B's `/v2` requests, in order. */
  const requests: SearchBody[] = [];

  const team = (path: string) => `/api/teams/${teamUID}${path}`;

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  async function search(searchObj: object, sort?: object): Promise<Hit[]> {
    const res = await api(a, 'POST', '/v2', {
      teamUID,
      searchObj,
      ...(sort ? { sort } : {}),
      paging: { from: 0, size: 200 },
    });
    expect(res.status).toBe(200);
    return (res.body.data as { hits: Hit[] }).hits;
  }

  /** B's rendered rows, top to bottom. */
  const rowIds = () =>
    b.$$eval('[data-testid=contacts-table] [role=row][data-gtid]', (rows) =>
      rows
        .map((r) => ({
          GTID: r.getAttribute('data-gtid')!,
          top: new DOMMatrix(getComputedStyle(r).transform).m42,
        }))
        .sort((x, y) => x.top - y.top)
        .map((r) => r.GTID),
    );

  /** The text of `GTID`'s cell under the header `name` on B's table. */
  async function cell(GTID: string, name: string) {
    const headers = (await b.getByRole('columnheader').allTextContents()).map((h) => h.trim());
    const col = headers.indexOf(name);
    expect(col, headers.join(' | ')).toBeGreaterThan(0);
    return (
      (await b
        .locator(`[role=row][data-gtid="${GTID}"] [role=gridcell]`)
        .nth(col + 1)
        .textContent()) ?? ''
    );
  }

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    a = await newPage();
    await signInThroughForm(a, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    teamUID = ((await api(a, 'GET', '/api/me')).body.currentTeam as { teamUID: string }).teamUID;
    const pipelines = (await api(a, 'GET', team('/pipelines'))).body.pipelines as {
      groupUID: string;
      isDefault: boolean;
    }[];
    groupUID = pipelines.find((p) => p.isDefault)!.groupUID;
    const board = (await api(a, 'GET', team(`/pipelines/${groupUID}/board`))).body.stages as {
      stageUID: string;
      name: string;
    }[];
    stages = board;
    b = await newPage();
    await joinAsTeammate(
      a,
      b,
      app.url,
      teamUID,
      MATE,
      pipelines.map((p) => p.groupUID),
      // An admin: a member with limited pipelines is not sent deletes (the stream cannot place
      // a contact that is gone; see the report), and this test deletes a contact.
      'admin',
    );
    await signInThroughForm(b, app.url, MATE.email, MATE.password);
    b.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v2') {
        requests.push(JSON.parse(r.postData() ?? '{}') as SearchBody);
      }
    });
    const opened = b
      .waitForResponse((r) => r.url().includes('/api/realtime') && r.status() === 200, {
        timeout: 30_000,
      })
      .then(() => b.waitForTimeout(300));
    await b.goto(`${app.url}/contacts/table/${groupUID}?sort=name&dir=asc`);
    await opened;
    await b.locator('[data-testid=contacts-table] [role=row][data-gtid]').first().waitFor();
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  it("shows a teammate's stage move and tag in place, re-reading only those rows", async () => {
    const hits = await search({ pipelineUID: groupUID }, { field: 'name', direction: 'asc' });
    await expect
      .poll(async () => (await rowIds()).slice(0, 8))
      .toEqual(hits.slice(0, 8).map((h) => h.GTID));
    const before = await rowIds();
    const [x, y] = [hits[0]!, hits[1]!];
    const now = x.pipelines.find((p) => p.pipelineUID === groupUID)!.stageUID;
    const to = stages.find((s) => s.stageUID !== now && !s.name.startsWith('Set Stage'))!;
    const tag = (
      (await api(a, 'GET', team('/tag-sets'))).body.tagSets as {
        pipelineUID: string | null;
        tags: { tagID: string; name: string }[];
      }[]
    )
      .filter((s) => s.pipelineUID === null)
      .flatMap((s) => s.tags)
      .find((t) => !(y as unknown as { tagIDs: string[] }).tagIDs.includes(t.tagID))!;
    requests.length = 0;

    const moved = await api(a, 'PUT', team(`/contacts/${x.GTID}/pipelines/${groupUID}/stage`), {
      stageUID: to.stageUID,
    });
    expect(moved.status).toBe(200);
    const tagged = await api(a, 'POST', team(`/contacts/${y.GTID}/tags`), { tagID: tag.tagID });
    expect(tagged.status).toBe(201);

    await expect.poll(() => cell(x.GTID, 'Stage'), { timeout: 10_000 }).toBe(to.name);
    await expect.poll(() => cell(y.GTID, 'Tags'), { timeout: 10_000 }).toContain(tag.name);
    // No reload, no jump: the same rows in the same order, nothing to refresh (name order).
    expect(await rowIds()).toEqual(before);
    expect(await b.getByTestId('live-changes').count()).toBe(0);
    // Only the changed rows were read again, never a page of the table.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(2);
    for (const r of requests) {
      expect(r.searchObj?.GTIDs?.length).toBeGreaterThan(0);
      for (const g of r.searchObj!.GTIDs!) expect([x.GTID, y.GTID]).toContain(g);
    }
  });

  it('keeps a renamed row in place, offers a refresh, and the refresh puts it in order', async () => {
    const rows = await rowIds();
    const z = rows[4]!;
    const renamed = await api(a, 'PATCH', team(`/contacts/${z}`), { fullName: 'Aaron Aardvark' });
    expect(renamed.status).toBe(200);
    await expect
      .poll(() => b.locator(`[role=row][data-gtid="${z}"] a`).textContent(), { timeout: 10_000 })
      .toBe('Aaron Aardvark');
    // Still the fifth row: a rename does not move it under the cursor.
    expect((await rowIds()).indexOf(z)).toBe(4);
    const banner = b.getByTestId('live-changes');
    await expect.poll(() => banner.textContent()).toContain('1 change by teammates');

    requests.length = 0;
    await banner.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(async () => (await rowIds())[0], { timeout: 10_000 }).toBe(z);
    await banner.waitFor({ state: 'detached' });
    // The first page again, not every loaded page.
    expect(requests.filter((r) => !r.searchObj?.GTIDs)).toHaveLength(1);
    expect(requests[0]!.paging?.searchAfter).toBeUndefined();
  });

  it('marks a contact a teammate deleted until the refresh takes it away', async () => {
    const rows = await rowIds();
    const w = rows[2]!;
    const gone = await api(a, 'DELETE', team(`/contacts/${w}`));
    expect(gone.status).toBe(200);
    const row = b.locator(`[role=row][data-gtid="${w}"]`);
    await expect.poll(() => row.getAttribute('data-live'), { timeout: 10_000 }).toBe('deleted');
    expect(await row.getAttribute('title')).toContain('deleted this contact');
    expect((await rowIds()).indexOf(w)).toBe(2);
    const banner = b.getByTestId('live-changes');
    await expect.poll(() => banner.textContent()).toContain('1 change by teammates');
    await banner.getByRole('button', { name: 'Refresh' }).click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it("coalesces a bulk job's burst of changes into a few requests", async () => {
    const hits = await search({ pipelineUID: groupUID }, { field: 'name', direction: 'asc' });
    const picked = hits.slice(0, 40).map((h) => h.GTID);
    const target = stages.find((s) => !s.name.startsWith('Set Stage'))!;
    requests.length = 0;
    const job = await api(a, 'POST', team('/bulk-jobs'), {
      action: { type: 'stage', pipelineUID: groupUID, stageUID: target.stageUID },
      GTIDs: picked,
    });
    expect(job.status).toBe(202);
    const shown = (await rowIds()).filter((g) => picked.includes(g)).slice(0, 10);
    for (const g of shown) {
      await expect.poll(() => cell(g, 'Stage'), { timeout: 20_000 }).toBe(target.name);
    }
    // 40 moves (and their activities): a handful of reads, each of at most 200 rows.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThanOrEqual(6);
    for (const r of requests) expect(r.searchObj?.GTIDs?.length).toBeGreaterThan(0);
  });
});
