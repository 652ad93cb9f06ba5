/**
 * Partner single-sign-on links (SPEC §2, §8): ask `v2-auth-generateCFToken` for a token, then
 * open the link with it; on any failure open the plain link. Browser objects come in as
 * dependencies so the order of events is unit-tested.
 */
import { AUTHORIZED_LINK_MESSAGE, type CallableAnswer } from '@leadloom/core';
import { api } from '../../lib/api';

/** The tab the link opens in: opened at the click (popup blockers allow only that), filled later. */
export interface PartnerTab {
  showMessage(text: string): void;
  go(url: string): void;
}

export interface PartnerLinkDeps {
  generateToken(domain: string, redirectTo: string): Promise<string>;
  /** Null when the browser blocked the new tab. */
  openTab(): PartnerTab | null;
  /** Fallback when no tab could be opened: navigate this one. */
  navigate(url: string): void;
  logError(message: string, error: unknown): void;
}

/** The partner page with the token as `token` in its query (an existing query is kept). */
export function authorizedUrl(redirectTo: string, token: string): string {
  const url = new URL(redirectTo);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Opens `href` for the signed-in user; never throws. Answers the URL it opened. */
export async function openPartnerLink(href: string, deps: PartnerLinkDeps): Promise<string> {
  const tab = deps.openTab();
  tab?.showMessage(AUTHORIZED_LINK_MESSAGE);
  let target = href;
  try {
    const domain = new URL(href).host;
    target = authorizedUrl(href, await deps.generateToken(domain, href));
  } catch (error) {
    // SPEC §8: on error the link is opened plainly; the partner asks the user to sign in.
    deps.logError('Generating the authorized link failed; opening it plainly', error);
  }
  if (tab) tab.go(target);
  else deps.navigate(target);
  return target;
}

export const browserPartnerLinkDeps: PartnerLinkDeps = {
  async generateToken(domain, redirectTo) {
    const { result } = await api.post<CallableAnswer<'v2-auth-generateCFToken'>>(
      '/api/functions/v2-auth-generateCFToken',
      { data: { domain, redirect_to: redirectTo } },
    );
    return result.token;
  },
  openTab() {
    const opened = window.open('', '_blank');
    if (!opened) return null;
    // The token is in the URL: the partner page must not be able to script this app.
    opened.opener = null;
    return {
      showMessage(text) {
        opened.document.title = text;
        opened.document.body.textContent = text;
      },
      go(url) {
        opened.location.href = url;
      },
    };
  },
  navigate(url) {
    window.location.assign(url);
  },
  logError(message, error) {
    console.error(message, error);
  },
};
