/** The training videos form (SPEC §7 training video links) ↔ the stored setting. */
import type { TrainingVideo } from '@leadloom/core';
import { rowKey } from './listEdit';

/** The stored setting's entries: core's contract. */
export type { TrainingVideo } from '@leadloom/core';

export interface VideoRow extends TrainingVideo {
  key: string;
}

export const videoRows = (videos: readonly TrainingVideo[]): VideoRow[] =>
  videos.map((v) => ({
    key: rowKey(),
    title: v.title,
    url: v.url,
    description: v.description ?? '',
  }));

export const emptyVideo = (): VideoRow => ({ key: rowKey(), title: '', url: '', description: '' });

/** The body of PUT /api/admin/settings/trainingVideos: trimmed, keys dropped. */
export const videosValue = (rows: readonly VideoRow[]): TrainingVideo[] =>
  rows.map((r) => ({
    title: r.title.trim(),
    url: r.url.trim(),
    description: r.description.trim(),
  }));

/** Whether the form differs from what is stored (drives the "Unsaved changes" hint). */
export const videosDirty = (rows: readonly VideoRow[], stored: readonly TrainingVideo[]) =>
  JSON.stringify(videosValue(rows)) !== JSON.stringify(videosValue(videoRows(stored)));
