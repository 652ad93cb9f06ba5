import { AUTHORIZED_LINK_MESSAGE } from '@leadloom/core';
import { describe, expect, it, vi } from 'vitest';
import { authorizedUrl, openPartnerLink, type PartnerLinkDeps } from './partnerLink';

function setup(generate: PartnerLinkDeps['generateToken'], tabOpens = true) {
  const events: string[] = [];
  const deps: PartnerLinkDeps = {
    generateToken: vi.fn(async (domain: string, redirectTo: string) => {
      events.push(`generate ${domain} ${redirectTo}`);
      return generate(domain, redirectTo);
    }),
    openTab: () => {
      events.push('open tab');
      return tabOpens
        ? {
            showMessage: (text) => events.push(`show ${text}`),
            go: (url) => events.push(`go ${url}`),
          }
        : null;
    },
    navigate: (url) => events.push(`navigate ${url}`),
    logError: (message) => events.push(`log ${message}`),
  };
  return { deps, events };
}

describe('partner links', () => {
  it('adds the token to the query, keeping the rest', () => {
    expect(authorizedUrl('https://p.example/a?b=1#c', 't.o.k')).toBe(
      'https://p.example/a?b=1&token=t.o.k#c',
    );
  });

  it('opens the tab at once with the message, then goes there with the token', async () => {
    const { deps, events } = setup(async () => 'jwt');
    const opened = await openPartnerLink('https://academy.example/course', deps);
    expect(opened).toBe('https://academy.example/course?token=jwt');
    expect(events).toEqual([
      'open tab',
      `show ${AUTHORIZED_LINK_MESSAGE}`,
      'generate academy.example https://academy.example/course',
      'go https://academy.example/course?token=jwt',
    ]);
  });

  it('opens the plain link when the token cannot be made, and logs why', async () => {
    const { deps, events } = setup(() => Promise.reject(new Error('permission-denied')));
    expect(await openPartnerLink('https://other.example/x', deps)).toBe('https://other.example/x');
    expect(events.at(-2)).toMatch(/^log Generating the authorized link failed/);
    expect(events.at(-1)).toBe('go https://other.example/x');
  });

  it('navigates this tab when the browser blocked the new one', async () => {
    const { deps, events } = setup(async () => 'jwt', false);
    await openPartnerLink('https://academy.example/', deps);
    expect(events.at(-1)).toBe('navigate https://academy.example/?token=jwt');
  });
});
