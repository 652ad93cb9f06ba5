/** The home dashboard's announcements (SPEC §7 public/dashboardData) ↔ the admin form. */
import type { DashboardData } from '@leadloom/core';
import { rowKey } from './listEdit';

/** The stored setting: core's contract. */
export type { DashboardData } from '@leadloom/core';
export type Announcement = DashboardData['announcements'][number];

export interface AnnouncementRow {
  key: string;
  title: string;
  text: string;
  link: string;
  /** `YYYY-MM-DDTHH:mm` in the admin's local time, as a datetime-local input wants it. */
  publishedAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a local datetime-local value; '' when absent or unreadable. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as the UTC ISO string the server's schema takes; undefined if empty. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export const announcementRows = (data: DashboardData): AnnouncementRow[] =>
  data.announcements.map((a) => ({
    key: rowKey(),
    title: a.title,
    text: a.text ?? '',
    link: a.link ?? '',
    publishedAt: toLocalInput(a.publishedAt),
  }));

/** A new announcement, published now, put first: the dashboard shows the list in order. */
export const emptyAnnouncement = (now = new Date()): AnnouncementRow => ({
  key: rowKey(),
  title: '',
  text: '',
  link: '',
  publishedAt: toLocalInput(now.toISOString()),
});

export function announcementValue(row: Omit<AnnouncementRow, 'key'>): Announcement {
  const link = row.link.trim();
  const publishedAt = fromLocalInput(row.publishedAt);
  return {
    title: row.title.trim(),
    text: row.text.trim(),
    ...(link ? { link } : {}),
    ...(publishedAt ? { publishedAt } : {}),
  };
}

/** The body of PUT /api/admin/settings/dashboardData. */
export const dashboardValue = (rows: readonly AnnouncementRow[]): DashboardData => ({
  announcements: rows.map(announcementValue),
});

export const announcementsDirty = (rows: readonly AnnouncementRow[], stored: DashboardData) =>
  JSON.stringify(dashboardValue(rows)) !== JSON.stringify(dashboardValue(announcementRows(stored)));
