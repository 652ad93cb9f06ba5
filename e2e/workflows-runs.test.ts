/**
 * Workflows running on the production build, as the team sees them: a card dragged into a stage
 * starts the workflows listening there; the run log shows each run and its steps, says why one
 * failed and retries it; the contact's timeline says which workflow did what.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';
import { shoot } from './shots';

const DEMO = { email: 'demo@leadloom.dev', password: 'leadloom-demo' };

interface Card {
  GTID: string;
  fullName: string;
}

describe.skipIf(requireChromium())('workflow runs in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let teamUID: string;
  let pipelineUID: string;
  let target: { stageUID: string; name: string };
  let cards: Card[];
  let tagged: string;
  let broken: string;

  const t = (path: string) => `/api/teams/${teamUID}${path}`;

  /** A workflow "a card reaches the target stage ⇒ add these tags", published. */
  async function publish(name: string, tagIDs: string[]) {
    const created = await api(page, 'POST', t('/workflows'), {
      name,
      definition: {
        rootStepId: 't',
        steps: {
          t: {
            type: 'trigger',
            triggerType: 'stageChanged',
            resource: { pipelineUID, toStageUID: target.stageUID },
            next: 'tag',
          },
          tag: { type: 'action', action: 'addTags', params: { tagIDs }, next: null },
        },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.workflow as { workflowId: string }).workflowId;
    expect((await api(page, 'POST', t(`/workflows/${id}/publish`))).status).toBe(200);
    return id;
  }

  const runsOf = async (workflowId: string) =>
    (await api(page, 'GET', t(`/workflows/${workflowId}/runs`))).body.runs as {
      GTID: string;
      state: string;
    }[];

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    page = await context.newPage();
    await signInThroughForm(page, app.url, DEMO.email, DEMO.password);
    teamUID = ((await api(page, 'GET', '/api/me')).body as { teamUID: string }).teamUID;
    const pipelines = (await api(page, 'GET', t('/pipelines'))).body.pipelines as {
      groupUID: string;
    }[];
    pipelineUID = pipelines[0]!.groupUID;
    const board = (await api(page, 'GET', t(`/pipelines/${pipelineUID}/board`))).body as {
      stages: { stageUID: string; name: string; idx: number; contacts: Card[] }[];
    };
    target = board.stages[board.stages.length - 1]!;
    cards = board.stages
      .filter((s) => s.stageUID !== target.stageUID)
      .flatMap((s) => s.contacts)
      .slice(0, 2);
    const set = await api(page, 'POST', t('/tag-sets'), {
      name: 'Temperature',
      tags: [{ name: 'Hot' }, { name: 'Soon gone' }],
    });
    expect(set.status).toBe(201);
    const { tagSetUID, tags } = set.body.tagSet as {
      tagSetUID: string;
      tags: { tagID: string; name: string }[];
    };
    const hot = tags.find((x) => x.name === 'Hot')!.tagID;
    const gone = tags.find((x) => x.name === 'Soon gone')!.tagID;
    tagged = await publish('Hot at the end', [hot]);
    broken = await publish('Tags a tag that goes', [gone]);
    // The second workflow's tag is deleted after it went live: its runs fail at that step.
    expect((await api(page, 'DELETE', t(`/tag-sets/${tagSetUID}/tags/${gone}`))).status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('runs both workflows on the dragged card: one tags it, the other fails and says why', async () => {
    const card = cards[0]!;
    const moved = await api(
      page,
      'PUT',
      t(`/contacts/${card.GTID}/pipelines/${pipelineUID}/stage`),
      {
        stageUID: target.stageUID,
      },
    );
    expect(moved.status).toBe(200);
    await expect
      .poll(async () => (await runsOf(tagged)).map((r) => r.state), { timeout: 20_000 })
      .toEqual(['completed']);
    await expect
      .poll(async () => (await runsOf(broken)).map((r) => r.state), { timeout: 20_000 })
      .toEqual(['failed']);

    await page.goto(`${app.url}/workflows/${broken}`);
    await page.getByRole('button', { name: 'Runs' }).click();
    const log = page.getByRole('dialog', { name: 'Run log' });
    const row = log.getByRole('row').filter({ hasText: card.fullName });
    await row.getByText('Failed').waitFor();
    await row.getByText('Tag not found in this team’s tag sets.').waitFor();
    await row.getByRole('button', { name: 'Steps' }).click();
    await log
      .getByLabel('Steps of the run')
      .getByText('Failed: Tag not found in this team’s tag sets.')
      .waitFor();
    await shoot(page, 'workflow-run-log');

    // Retry: the step runs again (and, its tag still gone, fails again: two failed moves).
    await row.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(
        async () => {
          const one = await api(page, 'GET', t(`/workflows/${broken}/runs`));
          const [run] = one.body.runs as { runId: string; state: string }[];
          const detail = await api(page, 'GET', t(`/workflows/${broken}/runs/${run!.runId}`));
          return (detail.body.steps as { outcome: string }[]).map((s) => s.outcome);
        },
        { timeout: 20_000 },
      )
      .toEqual(['failed', 'failed']);
  });

  it("shows the workflow's step on the contact's timeline, by the workflow", async () => {
    const card = cards[0]!;
    await page.goto(`${app.url}/contact/${card.GTID}`);
    await page.getByText('by Workflow “Hot at the end”').first().waitFor();
    await shoot(page, 'contact-timeline-workflow');
  });

  it('filters the run log by state, and a paused workflow starts no run', async () => {
    await page.goto(`${app.url}/workflows/${tagged}`);
    await page.getByRole('button', { name: 'Runs' }).click();
    const log = page.getByRole('dialog', { name: 'Run log' });
    await log
      .getByRole('row')
      .filter({ hasText: cards[0]!.fullName })
      .getByText('Completed')
      .waitFor();
    await log.getByText('Failed', { exact: true }).click();
    await log.getByText('No runs in this state.').waitFor();
    await page.keyboard.press('Escape');

    expect((await api(page, 'POST', t(`/workflows/${tagged}/pause`))).status).toBe(200);
    const second = cards[1]!;
    const moved = await api(
      page,
      'PUT',
      t(`/contacts/${second.GTID}/pipelines/${pipelineUID}/stage`),
      {
        stageUID: target.stageUID,
      },
    );
    expect(moved.status).toBe(200);
    // The other (active) workflow runs on it: so the event was handed over, and this one is paused.
    await expect.poll(async () => (await runsOf(broken)).length, { timeout: 20_000 }).toBe(2);
    expect((await runsOf(tagged)).map((r) => r.GTID)).toEqual([cards[0]!.GTID]);
  });
});
