import { isContactPart, RESOURCE_NAMES } from '@leadloom/core';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AnswersAnswer,
  ContactTagAnswer,
  DealAnswer,
  DealInput,
  NoteAnswer,
  StatusLabelAnswer,
} from '@leadloom/core';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { onChangeOf } from '../../lib/staleKeys';
import { pipelineKeys, putStage, type StageChange } from '../pipeline/api';
import { contactKeys } from './keys';
import { tagKeys } from '../setup-tags/api';
import type {
  ActivityPage,
  Answer,
  ContactAnswer,
  ContactFields,
  ContactPipeline,
  NewContact,
  Note,
  PipelineDetail,
  Question,
  StatusLabel,
  TagSet,
} from './types';

const ACTIVITY_PAGE = 30;

const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}`;
const contactPath = (teamUID: string, GTID: string) =>
  `${teamPath(teamUID)}/contacts/${encodeURIComponent(GTID)}`;
const inPipeline = (teamUID: string, GTID: string, groupUID: string) =>
  `${contactPath(teamUID, GTID)}/pipelines/${encodeURIComponent(groupUID)}`;

export { contactKeys };

// Everything on a contact's page is under its key: the contact itself, its placements, tags and
// timeline, and its parts (core's catalogue: their ids start with the contact's GTID), and a
// task on it (`-/taskUID` is a task on no contact).
onChangeOf(
  RESOURCE_NAMES.filter(
    (r) => isContactPart(r) || ['contact', 'contactPipeline', 'contactTag', 'activity'].includes(r),
  ),
  ({ teamUID, GTID }) => [contactKeys.all(teamUID, GTID)],
);
onChangeOf(['task'], ({ teamUID, GTID }) =>
  GTID && GTID !== '-' ? [contactKeys.all(teamUID, GTID)] : [],
);

const changeHeaders = () => ({ headers: { 'X-Change-Id': newChangeId() } });

// ---- reads ----------------------------------------------------------------------------------

export function useContact(teamUID: string, GTID: string) {
  return useQuery({
    queryKey: contactKeys.detail(teamUID, GTID),
    queryFn: ({ signal }) => api.get<ContactAnswer>(contactPath(teamUID, GTID), { signal }),
    retry: (count, error) =>
      !(error && 'httpStatus' in error && (error.httpStatus === 404 || error.httpStatus === 403)) &&
      count < 2,
  });
}

export function useActivities(teamUID: string, GTID: string) {
  return useInfiniteQuery({
    queryKey: contactKeys.activities(teamUID, GTID),
    queryFn: ({ pageParam, signal }) =>
      api.get<ActivityPage>(`${contactPath(teamUID, GTID)}/activities`, {
        query: { cursor: pageParam, limit: ACTIVITY_PAGE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useNotes(teamUID: string, GTID: string) {
  return useQuery({
    queryKey: contactKeys.notes(teamUID, GTID),
    queryFn: ({ signal }) =>
      api
        .get<{ notes: Note[] }>(`${contactPath(teamUID, GTID)}/notes`, { signal })
        .then((a) => a.notes),
  });
}

export function useTagSets(teamUID: string) {
  return useQuery({
    queryKey: contactKeys.tagSets(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ tagSets: TagSet[] }>(`${teamPath(teamUID)}/tag-sets`, { signal })
        .then((a) => a.tagSets),
    staleTime: 60_000,
  });
}

export function useStatusLabels(teamUID: string) {
  return useQuery({
    queryKey: contactKeys.statusLabels(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ statusLabels: StatusLabel[] }>(`${teamPath(teamUID)}/status-labels`, { signal })
        .then((a) => [...a.statusLabels].sort((x, y) => x.order - y.order)),
    staleTime: 60_000,
  });
}

export function useQuestions(teamUID: string) {
  return useQuery({
    queryKey: contactKeys.questions(teamUID),
    queryFn: ({ signal }) =>
      api
        .get<{ questions: Question[] }>(`${teamPath(teamUID)}/questions`, { signal })
        .then((a) => [...a.questions].sort((x, y) => x.order - y.order)),
    staleTime: 60_000,
  });
}

/** A pipeline's stages (for the stage pickers), placeholder first. */
export function usePipelineStages(teamUID: string, groupUID: string | null) {
  return useQuery({
    queryKey: contactKeys.pipeline(teamUID, groupUID ?? ''),
    queryFn: ({ signal }) =>
      api
        .get<PipelineDetail>(`${teamPath(teamUID)}/pipelines/${encodeURIComponent(groupUID!)}`, {
          signal,
        })
        .then((a) => [...a.stages].sort((x, y) => x.idx - y.idx)),
    enabled: groupUID !== null,
    staleTime: 60_000,
  });
}

// ---- writes ---------------------------------------------------------------------------------

/**
 * After a write: the contact, its timeline and notes reload; boards show the change too, and a
 * tag change refreshes the tag sets' contact counts and the orphaned tags (Tags setup and its
 * delete confirmations show them).
 */
function refreshContact(
  queryClient: QueryClient,
  teamUID: string,
  GTID: string,
  options: { boards?: boolean; tags?: boolean },
) {
  void queryClient.invalidateQueries({ queryKey: contactKeys.all(teamUID, GTID) });
  if (options.boards) void queryClient.invalidateQueries({ queryKey: pipelineKeys.list(teamUID) });
  if (options.tags) {
    void queryClient.invalidateQueries({ queryKey: tagKeys.sets(teamUID) });
    void queryClient.invalidateQueries({ queryKey: tagKeys.orphans(teamUID) });
  }
}

function useContactWrite<Input, Output>(
  teamUID: string,
  GTID: string,
  write: (input: Input) => Promise<Output>,
  options: { boards?: boolean; tags?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => refreshContact(queryClient, teamUID, GTID, options),
  });
}

export function useCreateContact(teamUID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewContact) =>
      api.post<ContactAnswer>(`${teamPath(teamUID)}/contacts`, body, changeHeaders()),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pipelineKeys.list(teamUID) }),
  });
}

export function useUpdateContact(teamUID: string, GTID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer is the whole contact as GET answers it.
    mutationFn: (patch: ContactFields) =>
      api.patch<ContactAnswer>(contactPath(teamUID, GTID), patch, changeHeaders()),
    onSuccess: (answer) => {
      queryClient.setQueryData<ContactAnswer>(contactKeys.detail(teamUID, GTID), (old) =>
        answer?.contact ? { ...old, ...answer } : old,
      );
    },
    onSettled: () => refreshContact(queryClient, teamUID, GTID, { boards: true }),
  });
}

export function useDeleteContact(teamUID: string, GTID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ deleted: string }>(contactPath(teamUID, GTID), changeHeaders()),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: contactKeys.all(teamUID, GTID) });
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.list(teamUID) });
    },
  });
}

export const useAddToPipeline = (teamUID: string, GTID: string) =>
  useContactWrite(
    teamUID,
    GTID,
    (body: { pipelineUID: string; stageUID?: string }) =>
      api.post<{ pipeline: ContactPipeline }>(
        `${contactPath(teamUID, GTID)}/pipelines`,
        body,
        changeHeaders(),
      ),
    { boards: true },
  );

export const useRemoveFromPipeline = (teamUID: string, GTID: string) =>
  useContactWrite(
    teamUID,
    GTID,
    (groupUID: string) =>
      api.delete<{ removed: true }>(inPipeline(teamUID, GTID, groupUID), changeHeaders()),
    { boards: true },
  );

export const useChangeStage = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, (change: StageChange) => putStage(teamUID, GTID, change), {
    boards: true,
  });

export const useDeleteHistory = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, ({ groupUID, id }: { groupUID: string; id: string | number }) =>
    api.delete(
      `${inPipeline(teamUID, GTID, groupUID)}/history/${encodeURIComponent(String(id))}`,
      changeHeaders(),
    ),
  );

export const useSetStatusLabel = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, (labelUID: string | null) =>
    api.put<StatusLabelAnswer>(
      `${contactPath(teamUID, GTID)}/status-label`,
      { labelUID },
      changeHeaders(),
    ),
  );

export const useAddTag = (teamUID: string, GTID: string) =>
  useContactWrite(
    teamUID,
    GTID,
    (body: { tagID: string; pipelineUID: string | null }) =>
      api.post<ContactTagAnswer>(`${contactPath(teamUID, GTID)}/tags`, body, changeHeaders()),
    { tags: true },
  );

export const useRemoveTag = (teamUID: string, GTID: string) =>
  useContactWrite(
    teamUID,
    GTID,
    ({ tagID, pipelineUID }: { tagID: string; pipelineUID: string | null }) =>
      api.delete(`${contactPath(teamUID, GTID)}/tags/${encodeURIComponent(tagID)}`, {
        query: { pipelineUID },
        ...changeHeaders(),
      }),
    { tags: true },
  );

export const useAddNote = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, (body: { text: string; pipelineUID?: string }) =>
    api.post<NoteAnswer>(`${contactPath(teamUID, GTID)}/notes`, body, changeHeaders()),
  );

export const useEditNote = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, ({ noteUID, text }: { noteUID: string; text: string }) =>
    api.patch<NoteAnswer>(
      `${contactPath(teamUID, GTID)}/notes/${encodeURIComponent(noteUID)}`,
      { text },
      changeHeaders(),
    ),
  );

export const useDeleteNote = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, (noteUID: string) =>
    api.delete(
      `${contactPath(teamUID, GTID)}/notes/${encodeURIComponent(noteUID)}`,
      changeHeaders(),
    ),
  );

export type { DealInput };

export const useAddDeal = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, ({ groupUID, deal }: { groupUID: string; deal: DealInput }) =>
    api.post<DealAnswer>(`${inPipeline(teamUID, GTID, groupUID)}/deals`, deal, changeHeaders()),
  );

export const useEditDeal = (teamUID: string, GTID: string) =>
  useContactWrite(
    teamUID,
    GTID,
    ({ dealUID, deal }: { dealUID: string; deal: Partial<DealInput> }) =>
      api.patch<DealAnswer>(
        `${contactPath(teamUID, GTID)}/deals/${encodeURIComponent(dealUID)}`,
        deal,
        changeHeaders(),
      ),
  );

export const useDeleteDeal = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, (dealUID: string) =>
    api.delete(
      `${contactPath(teamUID, GTID)}/deals/${encodeURIComponent(dealUID)}`,
      changeHeaders(),
    ),
  );

export const useSaveAnswers = (teamUID: string, GTID: string) =>
  useContactWrite(teamUID, GTID, ({ groupUID, answers }: { groupUID: string; answers: Answer[] }) =>
    api.put<AnswersAnswer>(
      `${inPipeline(teamUID, GTID, groupUID)}/answers`,
      {
        answers: answers.map((a) => ({
          ...(a.questionUID ? { questionUID: a.questionUID } : {}),
          question: a.question,
          answer: a.answer,
        })),
      },
      changeHeaders(),
    ),
  );
