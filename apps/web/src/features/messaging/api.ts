import type { SearchAnswer } from '@leadloom/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { newChangeId } from '../../lib/changeId';
import { contactKeys } from '../contact/keys';
import type { MessageTemplate, MessageTemplateList, TemplateDraft, TemplateGroup } from './types';
import { teamKeys } from '../../lib/teamKeys';

const teamPath = (teamUID: string) => `/api/teams/${encodeURIComponent(teamUID)}`;
const enc = encodeURIComponent;
const changeHeaders = () => ({ headers: { 'X-Change-Id': newChangeId() } });

export const messagingKeys = {
  templates: (teamUID: string) => teamKeys.of(teamUID, 'message-templates'),
  contactSearch: (teamUID: string, text: string) =>
    teamKeys.of(teamUID, 'message-templates', 'preview-contacts', text),
};

/** Templates (by name) with the team's categories and types. */
export function useMessageTemplates(teamUID: string) {
  return useQuery({
    queryKey: messagingKeys.templates(teamUID),
    queryFn: ({ signal }) =>
      api.get<MessageTemplateList>(`${teamPath(teamUID)}/message-templates`, { signal }),
  });
}

export function useTemplateMutations(teamUID: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: messagingKeys.templates(teamUID) });
  const base = `${teamPath(teamUID)}/message-templates`;
  return {
    create: useMutation({
      mutationFn: (draft: TemplateDraft) =>
        api
          .post<{ template: MessageTemplate }>(base, draft, changeHeaders())
          .then((a) => a.template),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({
        templateUID,
        draft,
      }: {
        templateUID: string;
        draft: Partial<TemplateDraft>;
      }) =>
        api
          .patch<{ template: MessageTemplate }>(
            `${base}/${enc(templateUID)}`,
            draft,
            changeHeaders(),
          )
          .then((a) => a.template),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (templateUID: string) =>
        api.delete(`${base}/${enc(templateUID)}`, changeHeaders()),
      onSuccess: refresh,
    }),
    createGroup: useMutation({
      mutationFn: ({ kind, name }: { kind: 'category' | 'type'; name: string }) =>
        api
          .post<Record<string, TemplateGroup>>(
            `${teamPath(teamUID)}/${kind === 'category' ? 'message-template-categories' : 'message-template-types'}`,
            { name },
            changeHeaders(),
          )
          .then((a) => a[kind]!),
      onSuccess: refresh,
    }),
  };
}

/** Contacts to preview a template with: a name search through the search service. */
export function usePreviewContacts(teamUID: string, text: string) {
  return useQuery({
    queryKey: messagingKeys.contactSearch(teamUID, text),
    queryFn: ({ signal }) =>
      api
        .post<{ data: SearchAnswer }>(
          '/v2',
          {
            teamUID,
            paging: { from: 0, size: 20 },
            searchObj: text.trim() ? { text } : {},
            currentTab: 'messaging',
          },
          { signal },
        )
        .then((a) => a.data.hits),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** The composer's "Mark as sent": a `message` activity on the contact. */
export function useLogMessageSent(teamUID: string, GTID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; templateUID: string | null }) =>
      api.post<{ activityUID: string }>(
        `${teamPath(teamUID)}/contacts/${enc(GTID)}/messages`,
        body,
        changeHeaders(),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all(teamUID, GTID) }),
  });
}
