import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, startTestServices, type TestServices } from '../test/harness';
import type { TestClient } from '../test/http-client';
import { addPipeline, makeSuper, ownerWithTeam, signIn } from '../test/team-fixtures';

/**
 * Stored web addresses are http(s) only: an address a browser would run or load inline
 * (`javascript:`, `data:`, ...) is refused with a 400 naming the field, and nothing is stored.
 * Every route that takes one: contact photo and profile links, the user's photo (the app's route
 * and better-auth's own), a pipeline's Facebook group, training videos, announcements,
 * notification links and icons.
 */

const DANGEROUS = [
  'javascript:alert(document.cookie)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'vbscript:msgbox(1)',
];

let s: TestServices;
let owner: TestClient;
let teamUID: string;
let pipelineUID: string;
let superAdmin: TestClient;

beforeAll(async () => {
  s = await startTestServices();
  const o = await ownerWithTeam(s, 'owner@urls.test');
  owner = o.client;
  teamUID = o.teamUID;
  ({ pipelineUID } = await addPipeline(s, teamUID));
  const admin = await ownerWithTeam(s, 'root@urls.test');
  await makeSuper(s, admin.uid);
  superAdmin = await signIn(s, 'root@urls.test');
});
afterAll(() => s.cleanup());

async function count(query: ReturnType<typeof sql>) {
  const r = await s.database.db.execute(query);
  return Number((r.rows[0] as { n: string | number }).n);
}

const json = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });

describe(`dangerous web addresses are refused (${ENGINE})`, () => {
  it('contact profile links and photos: 400 naming the field, no contact stored', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM contact`);
    for (const url of DANGEROUS) {
      for (const platform of ['facebook', 'instagram', 'linkedin', 'website']) {
        const res = await owner.api(
          `/api/teams/${teamUID}/contacts`,
          json('POST', { firstName: 'Dana', profiles: { [platform]: url } }),
        );
        expect(res.status, `${platform} ${url}`).toBe(400);
        expect(res.body!.error).toEqual({
          status: 'invalid-argument',
          field: `profiles.${platform}`,
          message: `profiles.${platform}: Profile link must start with http:// or https://`,
        });
      }
      const photo = await owner.api(
        `/api/teams/${teamUID}/contacts`,
        json('POST', { firstName: 'Dana', photoURL: url }),
      );
      expect(photo.status, url).toBe(400);
      expect(photo.body!.error).toMatchObject({
        field: 'photoURL',
        message: 'photoURL: Photo URL must start with http:// or https://',
      });
    }
    expect(await count(sql`SELECT count(*) AS n FROM contact`)).toBe(before);
  });

  it('an edit of a contact cannot store one either', async () => {
    const created = await owner.api(
      `/api/teams/${teamUID}/contacts`,
      json('POST', { firstName: 'Eli', profiles: { facebook: 'https://facebook.com/eli' } }),
    );
    expect(created.status).toBe(201);
    const gtid = (created.body!.contact as { GTID: string }).GTID;
    for (const url of DANGEROUS) {
      const res = await owner.api(
        `/api/teams/${teamUID}/contacts/${gtid}`,
        json('PATCH', { profiles: { facebook: url } }),
      );
      expect(res.status, url).toBe(400);
      expect(res.body!.error).toMatchObject({ field: 'profiles.facebook' });
    }
    const stored = await s.database.db.execute(
      sql`SELECT profiles FROM contact WHERE gtid = ${gtid}`,
    );
    expect((stored.rows[0] as { profiles: unknown }).profiles).toEqual({
      facebook: 'https://facebook.com/eli',
    });
  });

  it('a bare address is stored as https, a blank link is dropped', async () => {
    const res = await owner.api(
      `/api/teams/${teamUID}/contacts`,
      json('POST', {
        firstName: 'Fay',
        photoURL: '',
        profiles: { instagram: ' instagram.com/fay ', facebook: '' },
      }),
    );
    expect(res.status).toBe(201);
    const contact = res.body!.contact as { photoURL: unknown; profiles: unknown };
    expect(contact.profiles).toEqual({ instagram: 'https://instagram.com/fay' });
    expect(contact.photoURL).toBeNull();
  });

  it("the user's photo: PATCH /api/me refuses it", async () => {
    for (const url of DANGEROUS) {
      const res = await owner.api('/api/me', json('PATCH', { photoURL: url }));
      expect(res.status, url).toBe(400);
      expect(res.body!.error).toMatchObject({
        field: 'photoURL',
        message: 'photoURL: Photo URL must start with http:// or https://',
      });
    }
    const ok = await owner.api(
      '/api/me',
      json('PATCH', { photoURL: 'https://example.com/me.png' }),
    );
    expect(ok.status).toBe(200);
    expect((await owner.api('/api/me')).body!.photoURL).toBe('https://example.com/me.png');
  });

  it("the user's photo: better-auth's update-user cannot store one", async () => {
    for (const url of DANGEROUS) {
      const res = await owner.raw('/api/auth/update-user', json('POST', { image: url }));
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
    }
    expect((await owner.api('/api/me')).body!.photoURL).toBe('https://example.com/me.png');
  });

  it("a pipeline's Facebook group address", async () => {
    for (const url of DANGEROUS) {
      const res = await owner.api(
        `/api/teams/${teamUID}/pipelines/${pipelineUID}`,
        json('PATCH', { fbGroupURL: url }),
      );
      expect(res.status, url).toBe(400);
      expect(res.body!.error).toMatchObject({ field: 'fbGroupURL' });
    }
    const created = await owner.api(
      `/api/teams/${teamUID}/pipelines`,
      json('POST', { nickName: 'Group', fbGroupURL: 'javascript:alert(1)' }),
    );
    expect(created.status).toBe(400);
    const stored = await s.database.db.execute(
      sql`SELECT count(*) AS n FROM pipeline WHERE fb_group_url IS NOT NULL`,
    );
    expect(Number((stored.rows[0] as { n: string }).n)).toBe(0);
  });

  it('training videos and announcements (super admin settings)', async () => {
    for (const url of DANGEROUS) {
      const videos = await superAdmin.api(
        '/api/admin/settings/trainingVideos',
        json('PUT', { value: [{ title: 'Intro', url }] }),
      );
      expect(videos.status, url).toBe(400);
      expect(videos.body!.error).toMatchObject({
        field: '0.url',
        message: '0.url: Video URL must start with http:// or https://',
      });
      const news = await superAdmin.api(
        '/api/admin/settings/dashboardData',
        json('PUT', { value: { announcements: [{ title: 'News', link: url }] } }),
      );
      expect(news.status, url).toBe(400);
      expect(news.body!.error).toMatchObject({
        field: 'announcements.0.link',
        message: 'announcements.0.link: Announcement link must start with http:// or https://',
      });
    }
    const publicSettings = (await owner.api('/api/settings/public')).body!;
    expect(publicSettings.trainingVideos).toEqual([]);
    expect(publicSettings.dashboardData).toEqual({ announcements: [] });

    const ok = await superAdmin.api(
      '/api/admin/settings/trainingVideos',
      json('PUT', { value: [{ title: 'Intro', url: 'youtube.com/watch?v=x' }] }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body!.value).toEqual([
      { title: 'Intro', url: 'https://youtube.com/watch?v=x', description: '' },
    ]);
  });

  it('notification links and icons', async () => {
    const before = await count(sql`SELECT count(*) AS n FROM app_notification`);
    for (const link of [...DANGEROUS, '//evil.example/phish', '/\\evil.example']) {
      const res = await superAdmin.api(
        '/api/admin/notifications',
        json('POST', { title: 'Hello', link }),
      );
      expect(res.status, link).toBe(400);
      expect(res.body!.error).toMatchObject({ field: 'link' });
    }
    for (const backgroundIcon of [...DANGEROUS, '//evil.example/i.png']) {
      const res = await superAdmin.api(
        '/api/admin/notifications',
        json('POST', { title: 'Hello', backgroundIcon }),
      );
      expect(res.status, backgroundIcon).toBe(400);
      expect(res.body!.error).toMatchObject({ field: 'backgroundIcon' });
    }
    expect(await count(sql`SELECT count(*) AS n FROM app_notification`)).toBe(before);

    for (const [link, backgroundIcon] of [
      ['https://example.com/news', '🎉'],
      ['/tasks', 'https://cdn.example.com/i.png'],
    ]) {
      const res = await superAdmin.api(
        '/api/admin/notifications',
        json('POST', { title: 'Hello', link, backgroundIcon }),
      );
      expect(res.status, link).toBe(201);
      const id = (res.body!.notification as { notificationId: string }).notificationId;
      const edit = await superAdmin.api(
        `/api/admin/notifications/${id}`,
        json('PUT', { backgroundIcon: 'data:image/png;base64,AAAA' }),
      );
      expect(edit.status).toBe(400);
    }
  });
});
