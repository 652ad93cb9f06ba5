/**
 * The workflows screens as people use them, on the production build: an owner builds "stage
 * changed to A ⇒ add tag Hot ⇒ wait up to 3 days for a reply, on timeout ⇒ move to B" on the
 * canvas, sees what keeps it from going live (on its steps, before asking and in the server's
 * answer), fixes it, publishes it, and pauses it from the list.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';
import { shoot } from './shots';

const DEMO = { email: 'demo@leadloom.dev', password: 'leadloom-demo' };

interface Stage {
  stageUID: string;
  name: string;
  placeholder: boolean;
}

describe.skipIf(requireChromium())('workflows in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let teamUID: string;
  let pipeline: { groupUID: string; nickName: string };
  let stageA: Stage;
  let stageB: Stage;
  let hotTagID: string;
  let workflowId: string;

  const canvas = () => page.getByRole('region', { name: 'Workflow canvas' });
  const panel = () => page.getByRole('region', { name: 'Step settings' });
  /** A step's card on the canvas, by what its card says. */
  const card = (text: string | RegExp) =>
    canvas().locator('.react-flow__node').filter({ hasText: text });
  async function choose(scope: Locator, label: string, option: string | RegExp) {
    await scope.getByRole('textbox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option }).first().click();
  }
  async function addStep(kind: string) {
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByRole('menuitem', { name: kind, exact: true }).click();
  }
  /** Where an element is once the view has stopped moving (it fits new steps in). */
  async function stableBox(locator: Locator) {
    let last = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify(await locator.boundingBox());
        const same = now === last;
        last = now;
        return same;
      })
      .toBe(true);
    return JSON.parse(last) as { x: number; y: number; width: number; height: number };
  }
  const readWorkflow = async () =>
    (await api(page, 'GET', `/api/teams/${teamUID}/workflows/${workflowId}`)).body.workflow as {
      status: string;
      liveVersion: number | null;
      definition: { rootStepId: string; steps: Record<string, Record<string, unknown>> };
    };

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    page = await context.newPage();
    await signInThroughForm(page, app.url, DEMO.email, DEMO.password);
    teamUID = ((await api(page, 'GET', '/api/me')).body as { teamUID: string }).teamUID;
    const pipelines = (await api(page, 'GET', `/api/teams/${teamUID}/pipelines`)).body
      .pipelines as { groupUID: string; nickName: string }[];
    pipeline = pipelines[0]!;
    const stages = (
      (await api(page, 'GET', `/api/teams/${teamUID}/pipelines/${pipeline.groupUID}`)).body
        .stages as Stage[]
    ).filter((s) => !s.placeholder);
    [stageA, stageB] = [stages[0]!, stages[stages.length - 1]!];
    const tagSet = await api(page, 'POST', `/api/teams/${teamUID}/tag-sets`, {
      name: 'Temperature',
      tags: [{ name: 'Hot' }, { name: 'Cold' }],
    });
    expect(tagSet.status).toBe(201);
    hotTagID = (tagSet.body.tagSet as { tags: { tagID: string; name: string }[] }).tags.find(
      (t) => t.name === 'Hot',
    )!.tagID;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists no workflows at first, with what they do, and Workflows is a link', async () => {
    await page.goto(`${app.url}/workflows`);
    await page.getByText('No workflows yet').waitFor();
    await page.getByText(/starts when something happens to a contact/).waitFor();
    const nav = page.getByRole('navigation').first();
    // A screen not built yet shows "Soon" instead of a link.
    const link = nav.getByRole('link', { name: 'Workflows' });
    await link.waitFor();
    expect(await link.textContent()).not.toMatch(/Soon/);
    await shoot(page, 'workflows-empty');
  });

  it('builds the workflow, sees what is missing on its steps, and the server refuses it', async () => {
    await page.getByRole('button', { name: 'New workflow' }).click();
    await page.waitForURL(/\/workflows\/[^/]+$/);
    workflowId = decodeURIComponent(page.url().split('/workflows/')[1]!);
    await page.getByRole('textbox', { name: 'Workflow name' }).fill('Hot leads follow-up');

    // The trigger is there first, and says it has no event yet.
    await card('Choose what starts the workflow').click();
    await choose(panel(), 'Starts when', 'Stage changed');
    await choose(panel(), 'Pipeline', pipeline.nickName);
    await choose(panel(), 'To stage', stageA.name);
    await card(`to ${stageA.name}`).waitFor();

    // Add tags (none chosen yet) after the trigger, then a wait for a reply after that.
    await addStep('Action');
    await card('Add tags').waitFor();
    await addStep('Wait');
    await panel().getByText('An event').click();
    await card('Wait for a reply').waitFor();

    // Before asking the server: both problems show on their cards, in red.
    const action = card('Add tags');
    const wait = card('Wait for a reply');
    await action.getByText(/needs at least one tag/).waitFor();
    await wait.getByText(/no timeout/).waitFor();
    expect(await action.locator('[data-invalid]').count()).toBe(1);

    // A stray step: Delete removes the selected step, Escape clears the selection.
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
    await addStep('Condition');
    await card('If…').waitFor();
    // With the keyboard: a focused card is selected with Enter, and Delete removes it.
    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
    await card('If…').focus();
    await page.keyboard.press('Enter');
    await panel().getByRole('heading', { name: 'Condition' }).waitFor();
    await page.keyboard.press('Delete');
    await expect.poll(() => card('If…').count()).toBe(0);

    await page.getByRole('button', { name: 'Publish' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Not published' });
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/no timeout/);
    expect(await refused.textContent()).toMatch(/at least one tag/);
    // The draft was saved on the way, and is still a draft.
    const draft = await readWorkflow();
    expect(draft.status).toBe('draft');
    expect(draft.liveVersion).toBeNull();
    await shoot(page, 'workflow-publish-problems');
  });

  it('fixes the problems, branches on the timeout, publishes, and it goes live', async () => {
    await card('Add tags').click();
    await choose(panel(), 'Tags', 'Hot');
    await page.keyboard.press('Escape');
    await card('Add tags: Hot').waitFor();
    expect(await card('Add tags: Hot').getByText(/needs/).count()).toBe(0);

    const wait = card('Wait for a reply');
    await wait.click();
    await panel()
      .getByRole('switch', { name: /Give up after a while/ })
      .click();
    await card('Wait for a reply, up to 3 days').waitFor();
    // On the timeout: move to the other stage, added with the "+" of the Timeout branch.
    await panel().getByRole('button', { name: 'Add a step: Timeout' }).click();
    await page.getByRole('menuitem', { name: 'Action', exact: true }).click();
    await choose(panel(), 'Action', 'Move to stage');
    await choose(panel(), 'Pipeline', pipeline.nickName);
    await choose(panel(), 'Stage', stageB.name);
    await card(`Move to stage: ${stageB.name}`).waitFor();

    // On a reply: stop, connected by dragging from the wait's Next handle to the Stop card.
    await canvas().click({ position: { x: 5, y: 5 } });
    await addStep('Stop');
    const stop = card('End the run');
    await stop.waitFor();
    const from = wait.locator('.react-flow__handle[data-handleid="next"]');
    const to = stop.locator('.react-flow__handle.target');
    const a = await stableBox(from);
    const b = await stableBox(to);
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => canvas().locator('.react-flow__edge').count()).toBe(4);
    expect(await canvas().locator('[data-invalid]').count()).toBe(0);
    await shoot(page, 'workflow-builder-branch');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Active', { exact: true }).first().waitFor();
    const live = await readWorkflow();
    expect(live.status).toBe('active');
    expect(live.liveVersion).not.toBeNull();
    const steps = Object.values(live.definition.steps);
    const trigger = live.definition.steps[live.definition.rootStepId]!;
    expect(trigger).toMatchObject({
      triggerType: 'stageChanged',
      resource: { pipelineUID: pipeline.groupUID, toStageUID: stageA.stageUID },
    });
    const addTags = steps.find((s) => s.action === 'addTags')!;
    expect(addTags.params).toEqual({ tagIDs: [hotTagID] });
    const waitStep = live.definition.steps[addTags.next as string]!;
    expect(waitStep.wait).toMatchObject({
      kind: 'event',
      event: 'replyReceived',
      timeout: { amount: 3, unit: 'days' },
    });
    const onTimeout =
      live.definition.steps[(waitStep.wait as { timeoutNext: string }).timeoutNext]!;
    expect(onTimeout).toMatchObject({
      action: 'moveToStage',
      params: { pipelineUID: pipeline.groupUID, stageUID: stageB.stageUID },
    });
    expect(live.definition.steps[waitStep.next as string]).toMatchObject({ type: 'stop' });
    // Every step keeps where it was drawn.
    for (const s of steps)
      expect(s.position).toEqual({ x: expect.any(Number), y: expect.any(Number) });
  });

  it('opens the saved workflow from its address, then warns before leaving with unsaved edits', async () => {
    await page.reload();
    await card(`Move to stage: ${stageB.name}`).waitFor();
    expect(await canvas().locator('.react-flow__edge').count()).toBe(4);
    expect(await page.getByText('Unsaved').count()).toBe(0);
    await page.getByRole('textbox', { name: 'Workflow name' }).fill('Hot leads follow-up v2');
    await page.getByRole('link', { name: 'Back to workflows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toContain(`/workflows/${workflowId}`);
    await page.getByRole('link', { name: 'Back to workflows' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/workflows$/);
  });

  it('shows it Active in the list, and pauses it there', async () => {
    const row = page.getByRole('listitem', { name: 'Hot leads follow-up' });
    await row.getByText('Active').waitFor();
    await row.getByText('Stage changed · 0 runs today').waitFor();
    await shoot(page, 'workflows-list');
    await row.getByRole('button', { name: 'Pause Hot leads follow-up' }).click();
    await row.getByText('Paused').waitFor();
    expect((await readWorkflow()).status).toBe('paused');
    const list = (await api(page, 'GET', `/api/teams/${teamUID}/workflows`)).body.workflows as {
      workflowId: string;
      status: string;
    }[];
    expect(list.find((w) => w.workflowId === workflowId)?.status).toBe('paused');
  });

  it('deletes it from the list after a confirmation', async () => {
    const row = page.getByRole('listitem', { name: 'Hot leads follow-up' });
    await row.getByRole('button', { name: 'Delete Hot leads follow-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete workflow?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api(page, 'GET', `/api/teams/${teamUID}/workflows/${workflowId}`)).status).toBe(
      200,
    );
    await row.getByRole('button', { name: 'Delete Hot leads follow-up' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No workflows yet').waitFor();
    expect((await api(page, 'GET', `/api/teams/${teamUID}/workflows/${workflowId}`)).status).toBe(
      404,
    );
  });
});
