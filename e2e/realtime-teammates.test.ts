/**
 * Issue 6 "Done when", in the browser with two different people of the demo team: the owner (A)
 * and a member (B) who may see the default pipeline only, each in their own browser context.
 * A drags a card to another stage with the mouse and writes a note on the contact page; B, with
 * the board and then that contact page open, sees the card move, the column counts change and
 * the note appear without a reload. A stage A renames is renamed on B's board; a contact A adds
 * changes the pipeline's contact count in B's header and is first in its column on B's board.
 * Nothing of the pipeline B may not see reaches B's tab: every message of B's shared stream
 * (BroadcastChannel 'leadloom-realtime') is recorded while A works in both pipelines.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, joinAsTeammate, signInThroughForm } from './session';

const MATE = { name: 'Bo Teammate', email: 'bo@example.test', password: 'bo-teammate-1' };

interface PipelineAnswer {
  groupUID: string;
  nickName: string;
  isDefault: boolean;
  contactCount: number;
}
interface StageBody {
  stageUID: string;
  name: string;
  idx: number;
  count: number;
  contacts: { GTID: string; fullName: string }[];
}

/** Resolves once the page's realtime stream answers, so nothing happens before it listens. */
function streamOpened(page: Page) {
  return page
    .waitForResponse((r) => r.url().includes('/api/realtime') && r.status() === 200, {
      timeout: 30_000,
    })
    .then(() => page.waitForTimeout(300));
}

/** Records every message on the page's realtime channel (the leader tab posts all it hears). */
function recordChannel(page: Page) {
  return page.evaluate(() => {
    const w = globalThis as unknown as { rtMessages: unknown[]; rtChannel: unknown };
    w.rtMessages = [];
    const channel = new BroadcastChannel('leadloom-realtime');
    channel.onmessage = (event: MessageEvent) => w.rtMessages.push(event.data);
    w.rtChannel = channel; // kept, so it is not collected
  });
}
const recorded = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { rtMessages: unknown[] }).rtMessages);

describe.skipIf(requireChromium())('realtime between two teammates', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let a: Page;
  let b: Page;
  let teamUID: string;
  let mainUID: string; // the default pipeline: both see it
  let hiddenUID: string; // B may not see it
  let moved: { GTID: string; fullName: string; from: StageBody; to: StageBody };

  const team = (path: string) => `/api/teams/${teamUID}${path}`;
  const board = async (groupUID: string) =>
    (await api(a, 'GET', team(`/pipelines/${groupUID}/board`))).body.stages as StageBody[];
  const column = (page: Page, name: string, count?: number) =>
    page.getByRole('region', { name: new RegExp(`^${name}: ${count ?? '\\d+'} contacts$`) });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1800, height: 900 } });
    contexts.push(context);
    return context.newPage();
  }

  /** Invites B through the API with access to `pipelines`, and signs B in in a new context. */
  async function addTeammate(pipelines: string[]): Promise<Page> {
    const page = await newPage();
    await joinAsTeammate(a, page, app.url, teamUID, MATE, pipelines);
    return page;
  }

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    a = await newPage();
    await signInThroughForm(a, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    teamUID = ((await api(a, 'GET', '/api/me')).body.currentTeam as { teamUID: string }).teamUID;
    const pipelines = (await api(a, 'GET', team('/pipelines'))).body.pipelines as PipelineAnswer[];
    mainUID = pipelines.find((p) => p.isDefault)!.groupUID;
    hiddenUID = pipelines.find((p) => !p.isDefault)!.groupUID;
    b = await addTeammate([mainUID]);
    const theirs = (await api(b, 'GET', team('/pipelines'))).body.pipelines as PipelineAnswer[];
    expect(theirs.map((p) => p.groupUID)).toEqual([mainUID]);
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  it("moves the card A drags on B's board, and B's column counts follow", async () => {
    const stages = (await board(mainUID)).filter((s) => s.idx > 0);
    const from = stages.find((s) => s.count >= 2)!;
    const to = stages.find((s) => s.stageUID !== from.stageUID)!;
    moved = { ...from.contacts[0]!, from, to };

    const opened = streamOpened(b);
    await b.goto(`${app.url}/contacts/pipeline`);
    await opened;
    await a.goto(`${app.url}/contacts/pipeline`);
    const cardOn = (page: Page, stage: StageBody) =>
      column(page, stage.name).getByRole('link', { name: moved.fullName });
    await cardOn(b, from).waitFor({ timeout: 20_000 });
    await column(b, to.name, to.count).waitFor();

    // A drags the card with the mouse onto the other column.
    const card = cardOn(a, from);
    await card.waitFor({ timeout: 20_000 });
    const start = (await card.boundingBox())!;
    const target = (await column(a, to.name).boundingBox())!;
    await a.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
    await a.mouse.down();
    await a.mouse.move(start.x + start.width / 2 + 12, start.y + start.height / 2 + 4, {
      steps: 3,
    });
    await a.mouse.move(target.x + target.width / 2, target.y + 80, { steps: 15 });
    await a.mouse.up();
    await cardOn(a, to).waitFor();

    // B sees it without a reload: the card in its new column, the counts of both columns.
    await cardOn(b, to).waitFor({ timeout: 10_000 });
    await expect.poll(() => cardOn(b, from).count(), { timeout: 10_000 }).toBe(0);
    await column(b, from.name, from.count - 1).waitFor({ timeout: 10_000 });
    await column(b, to.name, to.count + 1).waitFor({ timeout: 10_000 });
    expect(new URL(b.url()).pathname).toBe('/contacts/pipeline');
  });

  it('shows the note A writes on the contact page B has open', async () => {
    const opened = streamOpened(b);
    await b.goto(`${app.url}/contact/${moved.GTID}`);
    await b.getByRole('heading', { name: moved.fullName }).waitFor({ timeout: 20_000 });
    await b.getByRole('tab', { name: 'Notes' }).click();
    await b.getByLabel('New note').waitFor();
    await opened;

    await cardLink(a, moved.fullName).click();
    await a.waitForURL(new RegExp(`/contact/${moved.GTID}$`));
    await a.getByRole('tab', { name: 'Notes' }).click();
    const text = `Bo, she asked for the price list (${Date.now()}).`;
    await a.getByLabel('New note').fill(text);
    await a.getByLabel('New note').press('Control+Enter');
    await a.getByText(text).waitFor();

    await b.getByText(text).waitFor({ timeout: 10_000 });
    expect(new URL(b.url()).pathname).toMatch(new RegExp(`^/contact/${moved.GTID}/notes/`));
  });

  it("renames a stage on B's board and updates the pipeline's contact count in B's header", async () => {
    const opened = streamOpened(b);
    await b.goto(`${app.url}/contacts/pipeline`);
    await opened;
    const before = (
      (await api(a, 'GET', team('/pipelines'))).body.pipelines as PipelineAnswer[]
    ).find((p) => p.groupUID === mainUID)!.contactCount;
    const header = (n: number) =>
      b.getByText(`${n.toLocaleString('en-US')} contacts`, { exact: true });
    await header(before).waitFor({ timeout: 20_000 });
    await column(b, moved.to.name).waitFor();

    const renamed = `${moved.to.name} (renamed)`;
    const patched = await api(
      a,
      'PATCH',
      team(`/pipelines/${mainUID}/stages/${moved.to.stageUID}`),
      {
        name: renamed,
      },
    );
    expect(patched.status).toBe(200);
    await column(b, renamed.replace(/[()]/g, '\\$&')).waitFor({ timeout: 10_000 });
    expect(await column(b, moved.to.name).count()).toBe(0);

    const created = await api(a, 'POST', team('/contacts'), {
      firstName: 'Live',
      lastName: 'Count',
      pipelineUID: mainUID,
      stageUID: moved.from.stageUID,
    });
    expect(created.status).toBe(201);
    await header(before + 1).waitFor({ timeout: 10_000 });
    // The new card is first in its column on B's board too, as on A's.
    await expect
      .poll(() => column(b, moved.from.name).locator('a[href^="/contact/"]').first().innerText(), {
        timeout: 10_000,
      })
      .toContain('Live Count');
    moved.to = { ...moved.to, name: renamed };
  });

  it('the renamed stage shows on the setup screen B has open', async () => {
    const opened = streamOpened(b);
    await b.goto(`${app.url}/setup/pipelines/${mainUID}/stages`);
    await opened;
    await b.getByText(moved.to.name, { exact: true }).first().waitFor({ timeout: 20_000 });
    const again = `${moved.to.name.replace(' (renamed)', '')} (again)`;
    const patched = await api(
      a,
      'PATCH',
      team(`/pipelines/${mainUID}/stages/${moved.to.stageUID}`),
      {
        name: again,
      },
    );
    expect(patched.status).toBe(200);
    await b.getByText(again, { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(await b.getByText(moved.to.name, { exact: true }).count()).toBe(0);
  });

  it('gives B none of the events of the pipeline B may not see', async () => {
    const opened = streamOpened(b);
    await b.goto(`${app.url}/contacts/pipeline`);
    await opened;
    await recordChannel(b);

    // A works in the hidden pipeline: a new contact there, a move, a note, a renamed stage.
    const created = await api(a, 'POST', team('/contacts'), {
      firstName: 'Hidden',
      lastName: 'Lead',
      pipelineUID: hiddenUID,
    });
    expect(created.status).toBe(201);
    const hiddenGTID = (created.body.contact as { GTID: string }).GTID;
    const hiddenStages = (await board(hiddenUID)).filter((s) => s.idx > 0);
    const stage = hiddenStages[hiddenStages.length - 1]!;
    expect(
      (
        await api(a, 'PUT', team(`/contacts/${hiddenGTID}/pipelines/${hiddenUID}/stage`), {
          stageUID: stage.stageUID,
        })
      ).status,
    ).toBe(200);
    expect(
      (await api(a, 'POST', team(`/contacts/${hiddenGTID}/notes`), { text: 'Secret.' })).status,
    ).toBe(201);
    expect(
      (
        await api(a, 'PATCH', team(`/pipelines/${hiddenUID}/stages/${stage.stageUID}`), {
          name: `${stage.name} 2`,
        })
      ).status,
    ).toBe(200);

    // Then one change B may see: the card moves back. Events come in commit order, so once it is
    // here everything before it has been handled.
    expect(
      (
        await api(a, 'PUT', team(`/contacts/${moved.GTID}/pipelines/${mainUID}/stage`), {
          stageUID: moved.from.stageUID,
        })
      ).status,
    ).toBe(200);
    await column(b, moved.from.name)
      .getByRole('link', { name: moved.fullName })
      .waitFor({ timeout: 10_000 });

    const messages = (await recorded(b)) as {
      type: string;
      change?: { resource: string; id: string };
    }[];
    const changes = messages.filter((m) => m.type === 'change').map((m) => m.change!);
    expect(changes).toContainEqual(
      expect.objectContaining({ resource: 'contactPipeline', id: `${moved.GTID}/${mainUID}` }),
    );
    const hidden = [hiddenGTID, hiddenUID, ...hiddenStages.map((s) => s.stageUID)];
    const leaked = changes.filter((c) => hidden.some((h) => c.id.includes(h)));
    expect(leaked).toEqual([]);
    // The hidden entries still moved B's resume point (id-only messages).
    expect(messages.some((m) => m.type === 'position')).toBe(true);
    // And B's tab shows nothing of them.
    expect(await b.getByText('Hidden Lead').count()).toBe(0);
  });
});

function cardLink(page: Page, name: string) {
  return page.getByRole('link', { name }).first();
}
