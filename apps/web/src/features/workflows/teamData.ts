import type { PipelineDetail } from '@leadloom/core';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { useStatusLabels, useTagSets } from '../contact/api';
import { usePipelines } from '../pipeline/api';
import { setupKeys } from '../setup-pipelines/api';
import { useMessageTemplates } from '../messaging/api';
import { useAssignees } from '../tasks/api';
import { useTaskTemplates } from '../tasks/taskTemplatesApi';
import type { NameOf } from './words';

export interface Option {
  value: string;
  label: string;
}
export interface OptionGroup {
  group: string;
  items: Option[];
}

/**
 * What the builder's pickers offer, from the queries the app already has: pipelines with their
 * stages, tags by tag set, status labels, members and templates; and every id's name for the
 * cards.
 */
export function useWorkflowTeamData(teamUID: string) {
  const pipelines = usePipelines(teamUID);
  const details = useQueries({
    queries: (pipelines.data ?? []).map((p) => ({
      queryKey: setupKeys.pipeline(teamUID, p.groupUID),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<PipelineDetail>(
          `/api/teams/${encodeURIComponent(teamUID)}/pipelines/${encodeURIComponent(p.groupUID)}`,
          { signal },
        ),
      staleTime: 60_000,
    })),
  });
  const tagSets = useTagSets(teamUID);
  const labels = useStatusLabels(teamUID);
  const members = useAssignees(teamUID);
  const taskTemplates = useTaskTemplates(teamUID);
  const messageTemplates = useMessageTemplates(teamUID);
  const detailData = details.map((d) => d.data);
  // A new answer of any pipeline's detail changes this stamp (the array itself is new each render).
  const detailStamp = details.map((d) => d.dataUpdatedAt).join(',');

  return useMemo(() => {
    const names = new Map<string, string>();
    const pipelineOptions: Option[] = (pipelines.data ?? []).map((p) => {
      names.set(p.groupUID, p.nickName);
      return { value: p.groupUID, label: p.nickName };
    });
    const stagesByPipeline = new Map<string, Option[]>();
    for (const d of detailData) {
      if (!d) continue;
      const stages = d.stages
        .filter((s) => !s.placeholder)
        .map((s) => {
          names.set(s.stageUID, s.name);
          return { value: s.stageUID, label: s.name };
        });
      stagesByPipeline.set(d.pipeline.groupUID, stages);
    }
    const tagGroups: OptionGroup[] = (tagSets.data ?? []).map((set) => ({
      group: set.name,
      items: set.tags.map((t) => {
        names.set(t.tagID, t.name);
        return { value: t.tagID, label: t.name };
      }),
    }));
    const labelOptions: Option[] = (labels.data ?? []).map((l) => {
      names.set(l.labelUID, l.display);
      return { value: l.labelUID, label: l.display };
    });
    const memberOptions: Option[] = (members.data ?? []).map((m) => ({
      value: m.uid,
      label: m.name,
    }));
    const taskTemplateOptions: Option[] = (taskTemplates.data ?? []).map((t) => ({
      value: t.templateUID,
      label: t.name,
    }));
    const messageTemplateOptions: Option[] = (messageTemplates.data?.templates ?? []).map((t) => ({
      value: t.templateUID,
      label: t.name,
    }));
    const nameOf: NameOf = (id) => (id ? (names.get(id) ?? id) : '');
    return {
      pipelineOptions,
      stagesOf: (pipelineUID: string | undefined) =>
        (pipelineUID && stagesByPipeline.get(pipelineUID)) || [],
      tagGroups,
      labelOptions,
      memberOptions,
      taskTemplateOptions,
      messageTemplateOptions,
      nameOf,
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- detailStamp stands for detailData
  }, [
    pipelines.data,
    tagSets.data,
    labels.data,
    members.data,
    taskTemplates.data,
    messageTemplates.data,
    detailStamp,
  ]);
}
export type WorkflowTeamData = ReturnType<typeof useWorkflowTeamData>;
