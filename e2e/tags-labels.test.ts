/**
 * Tags and status labels as people use them (issue 5), on the production build with the demo
 * team: the owner creates a global tag set with two tags and a pipeline's tag set at
 * /setup/tags, a status label at /setup/labels, puts the new tag and label on a contact from its
 * page (the timeline records both), deletes the tag set (the confirmation names the contacts it
 * leaves an orphaned tag on) and maps the orphan onto another tag under Tag reconciliation.
 * With E2E_SCREENSHOTS=<dir> it saves the contact page showing the tag and label (light, dark).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltApp, type RunningApp } from './app-server';
import { launchBrowser, requireChromium } from './browser';
import { api, signInThroughForm } from './session';

const SHOTS = process.env.E2E_SCREENSHOTS;

interface TagSetAnswer {
  tagSetUID: string;
  pipelineUID: string | null;
  name: string;
  color: string;
  order: number;
  tags: { tagID: string; name: string; color: string | null; order: number }[];
}
interface ContactTagAnswer {
  tagID: string;
  name: string;
  orphaned: boolean;
}

describe.skipIf(requireChromium())('tags and status labels in the browser', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let teamUID: string;
  let instagramUID: string;
  let GTID: string;
  let labelUID: string;

  const team = (path: string) => `/api/teams/${teamUID}${path}`;
  const tagSets = async (pipelineUID: string) =>
    (await api(page, 'GET', team(`/tag-sets?pipelineUID=${pipelineUID}`))).body
      .tagSets as TagSetAnswer[];
  const contact = async () => (await api(page, 'GET', team(`/contacts/${GTID}`))).body;
  const globalTagNames = async () =>
    ((await contact()).globalTags as ContactTagAnswer[]).map((t) => t.name);

  /** Picks `option` from the Mantine select labelled `label`. */
  async function choose(label: string, option: string) {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  beforeAll(async () => {
    app = await startBuiltApp();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    await signInThroughForm(page, app.url, 'demo@leadloom.dev', 'leadloom-demo');
    const me = await api(page, 'GET', '/api/me');
    teamUID = (me.body.currentTeam as { teamUID: string }).teamUID;
    const pipelines = (await api(page, 'GET', team('/pipelines'))).body.pipelines as {
      groupUID: string;
      nickName: string;
    }[];
    instagramUID = pipelines.find((p) => p.nickName === 'Instagram DMs')!.groupUID;
    const created = await api(page, 'POST', team('/contacts'), {
      firstName: 'Tess',
      lastName: 'Tagger',
      emailAddress: 'tess@tagger.example',
      pipelineUID: instagramUID,
    });
    expect(created.status).toBe(201);
    GTID = (created.body.contact as { GTID: string }).GTID;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('creates a global tag set with two tags; the set takes the default colour', async () => {
    await page.goto(`${app.url}/setup/tags`);
    await page.getByRole('heading', { name: 'Tags', exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'New tag set' }).click();
    const form = page.getByLabel('New tag set');
    expect(await form.getByLabel('Colour').inputValue()).toBe('#1C7EBB');
    await form.getByLabel('Tag set name').fill('Lead source');
    await form.getByLabel('Tag set name').press('Enter');
    await page.getByText('Created the tag set “Lead source”').waitFor();

    const set = page.getByRole('region', { name: 'Tag set Lead source' });
    await set.getByRole('button', { name: 'Add tag' }).click();
    // The form stays open, empty and focused, for the next tag.
    for (const name of ['Podcast', 'Referral']) {
      await expect.poll(() => set.getByLabel('Tag name').inputValue()).toBe('');
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await set.getByRole('button', { name: `Edit the tag ${name}` }).waitFor();
    }
    await set.getByLabel('Tag name').press('Escape');
    await set.getByRole('button', { name: 'Add tag' }).waitFor();

    await expect
      .poll(async () =>
        (await tagSets('global')).map((s) => ({
          name: s.name,
          color: s.color,
          tags: s.tags.map((t) => t.name),
        })),
      )
      .toEqual([
        { name: 'Interest', color: '#1C7EBB', tags: ['Coaching', 'Online course', 'Done-for-you'] },
        { name: 'Buying signals', color: '#E8590C', tags: ['Ready to buy', 'Needs nurturing'] },
        { name: 'Lead source', color: '#1C7EBB', tags: ['Podcast', 'Referral'] },
      ]);
  });

  it('creates a tag set for a pipeline', async () => {
    await page.getByText('Instagram DMs', { exact: true }).click();
    await page.waitForURL(new RegExp(`[?&]pipeline=${instagramUID}`));
    await page.getByText('No “Instagram DMs” tag sets yet').waitFor();
    await page.getByRole('button', { name: 'New tag set' }).click();
    const form = page.getByLabel('New tag set');
    await form.getByText('New tag set for Instagram DMs').waitFor();
    await form.getByLabel('Tag set name').fill('DM topic');
    await form.getByRole('button', { name: 'Create' }).click();
    const set = page.getByRole('region', { name: 'Tag set DM topic' });
    await set.getByRole('button', { name: 'Add tag' }).click();
    await set.getByLabel('Tag name').fill('Pricing question');
    await set.getByLabel('Tag name').press('Enter');
    await set.getByRole('button', { name: 'Edit the tag Pricing question' }).waitFor();

    const sets = await tagSets(instagramUID);
    expect(sets.map((s) => [s.name, s.pipelineUID, s.color, s.tags.map((t) => t.name)])).toEqual([
      ['DM topic', instagramUID, '#1C7EBB', ['Pricing question']],
    ]);
    // The global list is unchanged by a pipeline's set.
    expect((await tagSets('global')).map((s) => s.name)).toEqual([
      'Interest',
      'Buying signals',
      'Lead source',
    ]);
  });

  it('adds a status label, last in the order', async () => {
    await page.goto(`${app.url}/setup/labels`);
    await page.getByRole('button', { name: 'Add label' }).click({ timeout: 20_000 });
    await page.getByLabel('Label', { exact: true }).fill('Booked demo');
    await page.getByLabel('Label', { exact: true }).press('Enter');
    await page.getByText('Added the label “Booked demo”.').waitFor();
    await page.getByRole('button', { name: 'Edit the label Booked demo' }).waitFor();
    const labels = (await api(page, 'GET', team('/status-labels'))).body.statusLabels as {
      labelUID: string;
      display: string;
      order: number;
    }[];
    expect([...labels].sort((a, b) => a.order - b.order).map((l) => l.display)).toEqual([
      'Hot',
      'Warm',
      'Cold',
      'Follow up',
      'Booked demo',
    ]);
    labelUID = labels.find((l) => l.display === 'Booked demo')!.labelUID;
  });

  it('puts the new tag and label on a contact; its timeline records both', async () => {
    await page.goto(`${app.url}/contact/${GTID}`);
    await page.getByRole('heading', { name: 'Tess Tagger' }).waitFor({ timeout: 20_000 });
    await page.getByText('No tags').waitFor();

    await choose('Add a tag', 'Podcast');
    await page.getByRole('button', { name: 'Remove tag Podcast' }).waitFor();
    await choose('Add a tag', 'Pricing question');
    await page.getByRole('button', { name: 'Remove tag Pricing question' }).waitFor();
    await choose('Status label', 'Booked demo');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Status label' }).inputValue())
      .toBe('Booked demo');

    await page.getByText('Tag “Podcast” added', { exact: true }).waitFor();
    await page.getByText('Tag “Pricing question” added in Instagram DMs').waitFor();
    await page.getByText('Status set to “Booked demo”').waitFor();

    const answer = await contact();
    expect((answer.contact as { statusLabelUID: string }).statusLabelUID).toBe(labelUID);
    expect(await globalTagNames()).toEqual(['Podcast']);
    const insta = (answer.pipelines as { groupUID: string; tags: ContactTagAnswer[] }[]).find(
      (p) => p.groupUID === instagramUID,
    )!;
    expect(insta.tags.map((t) => t.name)).toEqual(['Pricing question']);

    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: join(SHOTS, 'contact-tags-label-dark.png') });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.screenshot({ path: join(SHOTS, 'contact-tags-label.png') });
    }
  });

  it('deletes the tag set: the confirmation names the contacts, the tag is orphaned', async () => {
    // Through the navigation, as a person would go, not a reload: the counts must be fresh.
    await page.getByRole('button', { name: 'Setup' }).click();
    await page.getByRole('link', { name: 'Tags', exact: true }).click();
    await page.waitForURL(/\/setup\/tags$/);
    const set = page.getByRole('region', { name: 'Tag set Lead source' });
    await set.getByText('on 1 contact').waitFor();
    await set.getByRole('button', { name: 'Delete the tag set Lead source' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the tag set “Lead source”?' });
    await dialog.getByText('Its 2 tags go with it.').waitFor();
    await dialog.getByText('Its tags stay on 1 contact as orphaned tags').waitFor();
    await dialog.getByRole('button', { name: 'Delete tag set' }).click();
    await page.getByText('Deleted the tag set “Lead source”').waitFor();
    await set.waitFor({ state: 'detached' });

    expect((await tagSets('global')).map((s) => s.name)).toEqual(['Interest', 'Buying signals']);
    const tags = (await contact()).globalTags as ContactTagAnswer[];
    expect(tags.map((t) => [t.name, t.orphaned])).toEqual([['Podcast', true]]);
  });

  it('maps the orphaned tag onto another tag under Tag reconciliation', async () => {
    await page.getByRole('link', { name: /^Tag reconciliation/ }).click();
    await page.waitForURL(/\/setup\/tags-reconciliation$/);
    const table = page.getByRole('table', { name: 'Orphaned tags' });
    const row = table.getByRole('row', { name: /Podcast/ });
    await row.waitFor();
    expect(await table.getByRole('row').count()).toBe(2); // the header and Podcast
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('1');

    await row.getByRole('textbox', { name: 'Map Podcast to a tag' }).click();
    await page.getByRole('option', { name: 'Coaching', exact: true }).click();
    await row.getByRole('button', { name: 'Map', exact: true }).click();
    await page.getByText('Mapped “Podcast”').waitFor();
    await page.getByText('No orphaned tags').waitFor();

    expect(await globalTagNames()).toEqual(['Coaching']);
    expect((await api(page, 'GET', team('/orphaned-tags'))).body.orphanedTags).toEqual([]);

    await page.goto(`${app.url}/contact/${GTID}`);
    await page.getByText('Tag “Podcast” replaced by “Coaching”').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Remove tag Coaching' }).waitFor();
  });
});
