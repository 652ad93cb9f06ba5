import type { TagSet } from './types';

/** Pure helpers of the tags, reconciliation and labels screens. */

/** The scope value of the global tag sets in the scope switcher and the URL. */
export const GLOBAL_SCOPE = 'global';

/** The colour a tag shows: its own, else its set's. */
export const tagColor = (tag: { color: string | null }, set: { color: string }) =>
  tag.color ?? set.color;

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What deleting a tag or a set does to contacts, for its confirmation. */
export function orphanNotice(contacts: number, what: 'tag' | 'tags') {
  if (contacts === 0) return 'No contact carries it, so nothing is left behind.';
  const on = plural(contacts, 'contact');
  return what === 'tag'
    ? `It stays on ${on} as an orphaned tag, which you can map to another tag or remove under Tag reconciliation.`
    : `Its tags stay on ${on} as orphaned tags, which you can map to other tags or remove under Tag reconciliation.`;
}

export interface TagOptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/**
 * Tags to map an orphan onto, grouped by set ("Set" for global sets, "Set · Pipeline" for a
 * pipeline's), in list order; sets without tags are left out.
 */
export function tagOptionGroups(
  sets: readonly TagSet[],
  pipelineName: (pipelineUID: string) => string | undefined,
): TagOptionGroup[] {
  const names = new Map<string, number>();
  return sets
    .filter((s) => s.tags.length > 0)
    .map((s) => {
      const where = s.pipelineUID === null ? 'Global' : (pipelineName(s.pipelineUID) ?? 'Pipeline');
      let group = `${s.name} · ${where}`;
      // Select groups are keyed by their label: keep two sets of the same name apart.
      const seen = names.get(group) ?? 0;
      names.set(group, seen + 1);
      if (seen > 0) group = `${group} (${seen + 1})`;
      return {
        group,
        items: s.tags.map((t) => ({
          value: t.tagID,
          label:
            t.value && t.value.toLowerCase() !== t.name.toLowerCase()
              ? `${t.name} (${t.value})`
              : t.name,
        })),
      };
    });
}
