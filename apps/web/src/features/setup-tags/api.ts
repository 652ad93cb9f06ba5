import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { teamDataKey } from '../../app/boot/teamData';
import type { OrphanedTag, StatusLabel, Tag, TagInput, TagSet } from './types';
import { teamKeys } from '../../lib/teamKeys';

const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}`;
const enc = encodeURIComponent;

export const tagKeys = {
  sets: (teamUID: string) => teamKeys.of(teamUID, 'tag-sets'),
  orphans: (teamUID: string) => teamKeys.of(teamUID, 'orphaned-tags'),
  labels: (teamUID: string) => teamKeys.of(teamUID, 'status-labels'),
};

/** Every tag set the user may see: the global ones, then each visible pipeline's. */
export function useTagSets(teamUID: string) {
  return useQuery({
    queryKey: tagKeys.sets(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ tagSets: TagSet[] }>(`${teamPath(teamUID)}/tag-sets`, { signal })
        .then((a) => a.tagSets),
  });
}

export function useOrphanedTags(teamUID: string) {
  return useQuery({
    queryKey: tagKeys.orphans(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ orphanedTags: OrphanedTag[] }>(`${teamPath(teamUID)}/orphaned-tags`, { signal })
        .then((a) => a.orphanedTags),
  });
}

export function useStatusLabels(teamUID: string) {
  return useQuery({
    queryKey: tagKeys.labels(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ statusLabels: StatusLabel[] }>(`${teamPath(teamUID)}/status-labels`, { signal })
        .then((a) => a.statusLabels),
  });
}

/** Every contact query of the team (pages, timelines): tag and label writes change what they show. */
const contactsKey = (teamUID: string) => teamKeys.contacts(teamUID);

/**
 * After any tag write: the sets, the orphans and the boot data (global sets, orphans) refresh,
 * and so do contacts (a renamed, deleted or mapped tag shows differently on them).
 */
function useRefreshTags(teamUID: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tagKeys.sets(teamUID) }),
      queryClient.invalidateQueries({ queryKey: tagKeys.orphans(teamUID) }),
      queryClient.invalidateQueries({ queryKey: teamDataKey(teamUID) }),
      queryClient.invalidateQueries({ queryKey: contactsKey(teamUID) }),
    ]);
}

export function useTagMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTags(teamUID);
  const base = teamPath(teamUID);
  const setsKey = tagKeys.sets(teamUID);

  /** Shows a new order at once, then saves it; a failure puts the server's order back. */
  const optimistic = async (update: (sets: TagSet[]) => TagSet[]) => {
    await queryClient.cancelQueries({ queryKey: setsKey });
    queryClient.setQueryData<TagSet[]>(setsKey, (sets) => (sets ? update(sets) : sets));
  };

  return {
    createSet: useMutation({
      mutationFn: (body: { name: string; color: string; pipelineUID: string | null }) =>
        api.post<{ tagSet: TagSet }>(`${base}/tag-sets`, body).then((a) => a.tagSet),
      onSuccess: refresh,
    }),
    updateSet: useMutation({
      mutationFn: ({ tagSetUID, ...patch }: { tagSetUID: string; name: string; color: string }) =>
        api.patch<{ tagSet: TagSet }>(`${base}/tag-sets/${enc(tagSetUID)}`, patch),
      onSuccess: refresh,
    }),
    deleteSet: useMutation({
      mutationFn: (tagSetUID: string) =>
        api.delete<{ deleted: { tags: number; onContacts: number } }>(
          `${base}/tag-sets/${enc(tagSetUID)}`,
        ),
      onSuccess: refresh,
    }),
    orderSets: useMutation({
      mutationFn: (body: { pipelineUID: string | null; order: string[] }) =>
        api.put(`${base}/tag-sets-order`, body),
      onMutate: (body) =>
        // The screen sorts each scope's sets by `order`.
        optimistic((sets) =>
          sets.map((s) => {
            const i = body.order.indexOf(s.tagSetUID);
            return i === -1 ? s : { ...s, order: i };
          }),
        ),
      onSettled: refresh,
    }),
    createTag: useMutation({
      mutationFn: ({ tagSetUID, ...body }: TagInput & { tagSetUID: string }) =>
        api.post<{ tag: Tag }>(`${base}/tag-sets/${enc(tagSetUID)}/tags`, body),
      onSuccess: refresh,
    }),
    updateTag: useMutation({
      mutationFn: ({
        tagSetUID,
        tagID,
        ...patch
      }: TagInput & { tagSetUID: string; tagID: string }) =>
        api.patch<{ tag: Tag }>(`${base}/tag-sets/${enc(tagSetUID)}/tags/${enc(tagID)}`, patch),
      onSuccess: refresh,
    }),
    deleteTag: useMutation({
      mutationFn: ({ tagSetUID, tagID }: { tagSetUID: string; tagID: string }) =>
        api.delete<{ onContacts: number }>(`${base}/tag-sets/${enc(tagSetUID)}/tags/${enc(tagID)}`),
      onSuccess: refresh,
    }),
    orderTags: useMutation({
      mutationFn: ({ tagSetUID, order }: { tagSetUID: string; order: string[] }) =>
        api.put(`${base}/tag-sets/${enc(tagSetUID)}/tags-order`, { order }),
      onMutate: ({ tagSetUID, order }) =>
        optimistic((sets) =>
          sets.map((s) =>
            s.tagSetUID !== tagSetUID
              ? s
              : {
                  ...s,
                  tags: order
                    .map((id) => s.tags.find((t) => t.tagID === id))
                    .filter((t): t is Tag => t !== undefined),
                },
          ),
        ),
      onSettled: refresh,
    }),
    mapOrphan: useMutation({
      mutationFn: ({ orphanID, tagID }: { orphanID: string; tagID: string }) =>
        api.post<{ updated: number }>(`${base}/orphaned-tags/${enc(orphanID)}/map`, { tagID }),
      onSuccess: refresh,
    }),
    removeOrphan: useMutation({
      mutationFn: (orphanID: string) =>
        api.delete<{ removed: number }>(`${base}/orphaned-tags/${enc(orphanID)}`),
      onSuccess: refresh,
    }),
  };
}

export function useLabelMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const base = teamPath(teamUID);
  const key = tagKeys.labels(teamUID);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: teamDataKey(teamUID) }),
      // A deleted label comes off its contacts.
      queryClient.invalidateQueries({ queryKey: contactsKey(teamUID) }),
    ]);
  return {
    create: useMutation({
      mutationFn: (body: { display: string; color: string }) =>
        api.post<{ statusLabel: StatusLabel }>(`${base}/status-labels`, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ labelUID, ...patch }: { labelUID: string; display: string; color: string }) =>
        api.patch<{ statusLabel: StatusLabel }>(`${base}/status-labels/${enc(labelUID)}`, patch),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (labelUID: string) =>
        api.delete<{ deleted: true; contacts: number }>(`${base}/status-labels/${enc(labelUID)}`),
      onSuccess: refresh,
    }),
    order: useMutation({
      mutationFn: (order: string[]) => api.put(`${base}/status-labels-order`, { order }),
      onMutate: async (order) => {
        await queryClient.cancelQueries({ queryKey: key });
        queryClient.setQueryData<StatusLabel[]>(key, (labels) =>
          labels
            ? order
                .map((id) => labels.find((l) => l.labelUID === id))
                .filter((l): l is StatusLabel => l !== undefined)
            : labels,
        );
      },
      onSettled: refresh,
    }),
  };
}
