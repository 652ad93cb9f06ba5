import { describe, expect, it } from 'vitest';
import { moveItem, removeAt, replaceAt, rowFieldError } from './listEdit';
import { emptyVideo, videoRows, videosDirty, videosValue } from './videoForm';
import {
  announcementRows,
  announcementsDirty,
  dashboardValue,
  emptyAnnouncement,
  fromLocalInput,
  toLocalInput,
} from './announcementForm';

describe('list editing', () => {
  it('moves an item up and down and refuses to leave the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('replaces and removes by index without touching the original', () => {
    const list = [{ v: 1 }, { v: 2 }];
    expect(replaceAt(list, 1, { v: 9 })).toEqual([{ v: 1 }, { v: 9 }]);
    expect(removeAt(list, 0)).toEqual([{ v: 2 }]);
    expect(list).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('puts a server field error on its row and field', () => {
    expect(rowFieldError({ field: '2.url', message: '2.url: Invalid URL' })).toEqual({
      row: 2,
      field: 'url',
      message: 'Invalid URL',
    });
    expect(
      rowFieldError({ field: 'announcements.0.link', message: 'bad' }, 'announcements'),
    ).toEqual({ row: 0, field: 'link', message: 'bad' });
  });

  it('ignores errors that name no row of this list', () => {
    expect(rowFieldError({ field: 'announcements', message: 'too many' }, 'announcements')).toBe(
      null,
    );
    expect(rowFieldError({ field: 'other.0.link', message: 'x' }, 'announcements')).toBe(null);
    expect(rowFieldError({ message: 'no field' })).toBe(null);
    expect(rowFieldError(null)).toBe(null);
  });
});

describe('training videos form', () => {
  const stored = [{ title: 'Intro', url: 'https://v.example/1', description: '' }];

  it('round-trips the stored list and trims what it sends', () => {
    const rows = videoRows(stored);
    expect(videosValue(rows)).toEqual(stored);
    rows[0]!.title = '  Intro  ';
    expect(videosValue(rows)).toEqual(stored);
    expect(videosDirty(rows, stored)).toBe(false);
  });

  it('is dirty after an add, an edit or a move', () => {
    const rows = videoRows([
      ...stored,
      { title: 'B', url: 'https://v.example/2', description: '' },
    ]);
    expect(videosDirty([...rows, emptyVideo()], [])).toBe(true);
    expect(
      videosDirty(moveItem(rows, 1, -1), [
        ...stored,
        { title: 'B', url: 'https://v.example/2', description: '' },
      ]),
    ).toBe(true);
  });

  it('gives every row its own key', () => {
    const keys = videoRows([...stored, ...stored]).map((r) => r.key);
    expect(new Set(keys).size).toBe(2);
  });
});

describe('announcements form', () => {
  it('converts between the datetime-local input and an ISO instant', () => {
    const iso = '2026-03-04T05:06:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(undefined)).toBe('');
    expect(toLocalInput('nonsense')).toBe('');
    expect(fromLocalInput('')).toBeUndefined();
  });

  it('sends no empty link or date, so the optional fields stay absent', () => {
    const row = { ...emptyAnnouncement(), title: ' Hello ', text: 'World', publishedAt: '' };
    expect(dashboardValue([row])).toEqual({ announcements: [{ title: 'Hello', text: 'World' }] });
  });

  it('round-trips the stored data', () => {
    const stored = {
      announcements: [
        {
          title: 'New board',
          text: 'Drag cards',
          link: 'https://leadloom.dev/blog',
          publishedAt: '2026-01-02T03:04:00.000Z',
        },
      ],
    };
    expect(dashboardValue(announcementRows(stored))).toEqual(stored);
    expect(announcementsDirty(announcementRows(stored), stored)).toBe(false);
    expect(announcementsDirty([], stored)).toBe(true);
  });

  it('starts a new announcement as published now', () => {
    const now = new Date('2026-05-06T07:08:00.000Z');
    expect(fromLocalInput(emptyAnnouncement(now).publishedAt)).toBe(now.toISOString());
  });
});
