import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELP_ARTICLES } from './articles';
import { help, helpStore } from './helpStore';
import { searchArticles } from './search';

const ids = (query: string) => searchArticles(HELP_ARTICLES, query).map((a) => a.id);

afterEach(() => {
  helpStore.close();
  vi.restoreAllMocks();
});

describe('help articles', () => {
  it('have unique ids and real text', () => {
    expect(new Set(HELP_ARTICLES.map((a) => a.id)).size).toBe(HELP_ARTICLES.length);
    for (const article of HELP_ARTICLES) {
      expect(article.body.join(' ').length, article.id).toBeGreaterThan(200);
    }
  });

  it('search ranks title hits first, matches word prefixes and needs every word', () => {
    expect(ids('')).toHaveLength(HELP_ARTICLES.length);
    expect(ids('invit')[0]).toBe('invitations');
    expect(ids('board')[0]).toBe('pipeline-board');
    expect(ids('seats')).toEqual(expect.arrayContaining(['profile-team', 'profile-billing']));
    expect(ids('forgot password')[0]).toBe('sign-in');
    expect(ids('kanban')).toEqual(['pipeline-board']);
    expect(ids('password zebra')).toEqual([]);
  });
});

describe('help()', () => {
  it('opens an article by id, or a search', () => {
    help('profile-team');
    expect(helpStore.get()).toEqual({ kind: 'article', articleId: 'profile-team' });
    help({ search: 'seats' });
    expect(helpStore.get()).toEqual({ kind: 'search', query: 'seats' });
  });

  it('logs an unknown article and opens a search for its words instead', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard = vi.fn();
    const unsubscribe = helpStore.subscribe(heard);
    help('queue-setup');
    expect(error).toHaveBeenCalledWith('Help: there is no article "queue-setup"');
    expect(helpStore.get()).toEqual({ kind: 'search', query: 'queue setup' });
    expect(heard).toHaveBeenCalledOnce();
    unsubscribe();
  });
});
