import {
  Alert,
  Anchor,
  Button,
  CloseButton,
  Group,
  List,
  Modal,
  MultiSelect,
  Paper,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  IconArrowRight,
  IconChecklist,
  IconCircleCheck,
  IconLayoutKanban,
  IconTag,
  IconTagOff,
  IconTags,
  IconTemplate,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import {
  QUEUE_PLATFORMS,
  PLATFORM_NAMES,
  type BulkAction,
  type BulkActionType,
  type QueuePlatform,
  type SearchFilter,
  type SearchTotal,
} from '@leadloom/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePipelines } from '../pipeline/api';
import { usePipelineDetail } from '../setup-pipelines/api';
import { useStatusLabels, useTagSets } from '../setup-tags/api';
import { useMessageTemplates } from '../messaging/api';
import { useTaskTemplates } from '../tasks/taskTemplatesApi';
import { useBulkJob, useStartBulkJob, type BulkJob } from './bulkApi';
import { bulkBody, selectedCount, selectionWords, type Selection } from './tableState';

const ACTION_TITLES: Record<BulkActionType, string> = {
  stage: 'Move to stage',
  'add-to-pipeline': 'Add to pipeline',
  'tags-add': 'Add tags',
  'tags-remove': 'Remove tags',
  label: 'Set label',
  delete: 'Delete contacts',
  task: 'Create a task',
  'task-template': 'Apply task template',
  'queue-message': 'Queue a message',
};

const DONE_WORDS: Record<BulkActionType, string> = {
  stage: 'Moved',
  'add-to-pipeline': 'Added to the pipeline:',
  'tags-add': 'Tagged',
  'tags-remove': 'Untagged',
  label: 'Labelled',
  delete: 'Deleted',
  task: 'Gave a task to',
  'task-template': 'Applied the template to',
  'queue-message': 'Queued a message to',
};

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;

/** The form of one action: what it needs before it can run. */
function ActionForm({
  teamUID,
  type,
  pipelineUID,
  words,
  onCancel,
  onRun,
  running,
}: {
  teamUID: string;
  type: BulkActionType;
  pipelineUID: string | null;
  /** What the action applies to, worded (selectionWords). */
  words: { long: string; short: string };
  onCancel: () => void;
  onRun: (action: BulkAction) => void;
  running: boolean;
}) {
  const pipelines = usePipelines(teamUID);
  const tagSets = useTagSets(teamUID);
  const labels = useStatusLabels(teamUID);
  const [pipeline, setPipeline] = useState<string | null>(pipelineUID);
  const [stage, setStage] = useState<string | null>(null);
  const [tagScope, setTagScope] = useState<string>('global');
  const [tags, setTags] = useState<string[]>([]);
  const [label, setLabel] = useState<string | null>(null);
  const [template, setTemplate] = useState<string | null>(null);
  const [taskName, setTaskName] = useState('');
  const [taskDate, setTaskDate] = useState('');
  const [taskTime, setTaskTime] = useState('');
  const templates = useTaskTemplates(teamUID);
  const messageTemplates = useMessageTemplates(teamUID);
  const [platform, setPlatform] = useState<QueuePlatform>('facebook');
  const [messageTemplate, setMessageTemplate] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const detail = usePipelineDetail(teamUID, pipeline);

  const pipelineOptions = (pipelines.data ?? []).map((p) => ({
    value: p.groupUID,
    label: p.nickName,
  }));
  const stageOptions = (detail.data?.stages ?? [])
    .filter((s) => !s.placeholder)
    .map((s) => ({ value: s.stageUID, label: s.name }));
  const scopes = [
    { value: 'global', label: 'Global tags' },
    ...pipelineOptions.map((p) => ({ value: p.value, label: `${p.label} tags` })),
  ];
  const tagOptions = (tagSets.data ?? [])
    .filter((set) => (set.pipelineUID ?? 'global') === tagScope && set.tags.length > 0)
    .map((set) => ({
      group: set.name,
      items: set.tags.map((t) => ({ value: t.tagID, label: t.name })),
    }));

  let action: BulkAction | null = null;
  if ((type === 'stage' || type === 'add-to-pipeline') && pipeline && stage) {
    action = { type, pipelineUID: pipeline, stageUID: stage };
  } else if ((type === 'tags-add' || type === 'tags-remove') && tags.length > 0) {
    action = { type, tagIDs: tags, pipelineUID: tagScope === 'global' ? null : tagScope };
  } else if (type === 'label' && label !== null) {
    action = { type, labelUID: label === 'none' ? null : label };
  } else if (type === 'delete') {
    action = { type };
  } else if (type === 'task-template' && template) {
    action = { type, templateUID: template };
  } else if (type === 'queue-message' && message.trim()) {
    action = { type, message: { platform, text: message, templateId: messageTemplate } };
  } else if (type === 'task' && taskName.trim() && taskDate) {
    action = {
      type,
      task: { name: taskName.trim(), dueDate: taskDate, dueTime: taskTime || null },
    };
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (action) onRun(action);
      }}
    >
      <Stack gap="sm">
        {(type === 'stage' || type === 'add-to-pipeline') && (
          <>
            <Select
              label="Pipeline"
              data={pipelineOptions}
              value={pipeline}
              onChange={(v) => {
                setPipeline(v);
                setStage(null);
              }}
              searchable
            />
            <Select
              label="Stage"
              data={stageOptions}
              value={stage}
              onChange={setStage}
              disabled={!pipeline}
              placeholder={detail.isFetching ? 'Loading stages…' : 'Choose a stage'}
              searchable
              data-autofocus
            />
            {type === 'stage' && (
              <Text size="xs" c="dimmed">
                Contacts that are not in this pipeline are skipped and listed at the end.
              </Text>
            )}
          </>
        )}
        {(type === 'tags-add' || type === 'tags-remove') && (
          <>
            <Select
              label="Tags of"
              data={scopes}
              value={tagScope}
              allowDeselect={false}
              onChange={(v) => {
                setTagScope(v ?? 'global');
                setTags([]);
              }}
            />
            <MultiSelect
              label="Tags"
              data={tagOptions}
              value={tags}
              onChange={setTags}
              searchable
              placeholder={tagOptions.length === 0 ? 'No tags here yet' : 'Choose tags'}
              data-autofocus
            />
          </>
        )}
        {type === 'label' && (
          <Select
            label="Status label"
            data={[
              { value: 'none', label: 'No label (clear it)' },
              ...(labels.data ?? []).map((l) => ({ value: l.labelUID, label: l.display })),
            ]}
            value={label}
            onChange={setLabel}
            data-autofocus
          />
        )}
        {type === 'task-template' && (
          <Select
            label="Task template"
            data={(templates.data ?? []).map((t) => ({ value: t.templateUID, label: t.name }))}
            value={template}
            onChange={setTemplate}
            nothingFoundMessage="No task templates yet (Setup → Tasks templates)"
            searchable
            data-autofocus
          />
        )}
        {type === 'task' && (
          <>
            <TextInput
              label="Task"
              placeholder="e.g. Follow up"
              value={taskName}
              onChange={(e) => setTaskName(e.currentTarget.value)}
              data-autofocus
            />
            <Group grow gap="sm">
              <TextInput
                type="date"
                label="Due"
                value={taskDate}
                onChange={(e) => setTaskDate(e.currentTarget.value)}
              />
              <TextInput
                type="time"
                label="Time (optional)"
                value={taskTime}
                onChange={(e) => setTaskTime(e.currentTarget.value)}
              />
            </Group>
            <Text size="xs" c="dimmed">
              One task per contact, assigned to you. Contacts you cannot see are skipped and listed.
            </Text>
          </>
        )}
        {type === 'queue-message' && (
          <>
            <Select
              label="Send on"
              data={QUEUE_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_NAMES[p] }))}
              value={platform}
              allowDeselect={false}
              onChange={(v) => setPlatform((v as QueuePlatform | null) ?? 'facebook')}
            />
            <Select
              label="Template"
              placeholder={
                messageTemplates.isPending ? 'Loading templates…' : 'Pick a template (optional)'
              }
              data={(messageTemplates.data?.templates ?? []).map((t) => ({
                value: t.templateUID,
                label: t.name,
              }))}
              value={messageTemplate}
              onChange={(v) => {
                setMessageTemplate(v);
                const t = messageTemplates.data?.templates.find((x) => x.templateUID === v);
                if (t) setMessage(t.body);
              }}
              searchable
              clearable
              nothingFoundMessage="No templates yet (Setup → Message templates)"
            />
            <Textarea
              label="Message"
              autosize
              minRows={4}
              maxRows={10}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              placeholder="Hi {{firstName}}, …"
              data-autofocus
            />
            <Text size="xs" c="dimmed">
              One message per contact, with its variables filled for each, into your send queue.
              Contacts without a {PLATFORM_NAMES[platform]} profile link are skipped and listed.
            </Text>
          </>
        )}
        {type === 'delete' && (
          <Text size="sm">
            Delete {words.long}? Their notes, deals and history go with them. This cannot be undone.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={!action}
            loading={running}
            color={type === 'delete' ? 'red' : undefined}
          >
            {type === 'delete' ? `Delete ${words.short}` : `Apply to ${words.short}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A running or finished job: a progress bar, then what failed (who and why). */
function JobProgress({
  teamUID,
  jobUID,
  type,
  nameOf,
  onClose,
}: {
  teamUID: string;
  jobUID: string;
  type: BulkActionType;
  nameOf: (GTID: string) => string | undefined;
  onClose: () => void;
}) {
  const job = useBulkJob(teamUID, jobUID);
  const j: BulkJob | undefined = job.data;
  const processed = j ? j.done + j.failed : 0;
  const percent = j && j.total > 0 ? Math.round((processed / j.total) * 100) : 0;
  const finished = j?.state === 'done' || j?.state === 'failed';
  return (
    <Paper withBorder p="sm" radius="sm" m="xs" data-testid="bulk-progress">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            {finished && j?.state === 'done' && j.failed === 0 && (
              <IconCircleCheck size={16} color="var(--mantine-color-green-6)" />
            )}
            <Text size="sm" fw={500}>
              {!j
                ? `${ACTION_TITLES[type]}: starting…`
                : j.state === 'queued'
                  ? `${ACTION_TITLES[type]}: waiting to start…`
                  : j.state === 'running'
                    ? `${ACTION_TITLES[type]}: ${processed.toLocaleString('en-US')} of ${plural(j.total)}`
                    : j.state === 'done'
                      ? `${DONE_WORDS[type]} ${plural(j.done)}${j.failed > 0 ? `; ${j.failed.toLocaleString('en-US')} failed` : ''}.`
                      : `${ACTION_TITLES[type]} stopped: ${j.error ?? 'the job failed'}`}
            </Text>
          </Group>
          {finished && <CloseButton size="sm" aria-label="Close the summary" onClick={onClose} />}
        </Group>
        <Progress
          value={finished ? 100 : percent}
          color={j?.state === 'failed' ? 'red' : j && j.failed > 0 ? 'orange' : undefined}
          animated={!finished}
          aria-label="Bulk action progress"
          size="sm"
        />
        {job.isError && (
          <Text size="xs" c="red">
            Couldn&apos;t follow the job: {job.error.message}
          </Text>
        )}
        {finished && j && j.failures.length > 0 && (
          <ScrollArea.Autosize mah={140}>
            <List size="xs" spacing={2}>
              {j.failures.map((f) => (
                <List.Item key={f.GTID}>
                  <Anchor component={Link} to={`/contact/${encodeURIComponent(f.GTID)}`} size="xs">
                    {nameOf(f.GTID) ?? f.GTID}
                  </Anchor>
                  : {f.error}
                </List.Item>
              ))}
            </List>
            {j.failed > j.failures.length && (
              <Text size="xs" c="dimmed">
                …and {(j.failed - j.failures.length).toLocaleString('en-US')} more.
              </Text>
            )}
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Paper>
  );
}

/** The bar over the table while contacts are selected: the count and the bulk actions. */
export function BulkBar({
  teamUID,
  selection,
  total,
  loadedCount,
  filter,
  pipelineUID,
  nameOf,
  onSelectAllMatching,
  onClear,
}: {
  teamUID: string;
  selection: Selection;
  total: SearchTotal | null;
  loadedCount: number;
  filter: SearchFilter;
  pipelineUID: string | null;
  /** The name of a loaded contact, for the failure summary. */
  nameOf: (GTID: string) => string | undefined;
  onSelectAllMatching: () => void;
  onClear: () => void;
}) {
  const [form, setFormState] = useState<BulkActionType | null>(null);
  /** Why the last start was refused (a plan or a flag, a bad selection): kept in the form. */
  const [refused, setRefused] = useState<string | null>(null);
  const setForm = (next: BulkActionType | null) => {
    setRefused(null);
    setFormState(next);
  };
  const [job, setJob] = useState<{ jobUID: string; type: BulkActionType } | null>(null);
  const start = useStartBulkJob(teamUID);
  const totalValue = total?.value ?? 0;
  const count = selectedCount(selection, totalValue);
  const allMatching = selection.mode === 'all';
  const words = selectionWords(selection, total);

  const run = (action: BulkAction) => {
    start.mutate(bulkBody(action, selection, filter), {
      onSuccess: (created) => {
        setForm(null);
        setJob({ jobUID: created.jobUID, type: action.type });
        onClear();
      },
      onError: (e) => setRefused(e instanceof Error ? e.message : 'Something went wrong'),
    });
  };

  const progress = job && (
    <JobProgress
      key={job.jobUID}
      teamUID={teamUID}
      jobUID={job.jobUID}
      type={job.type}
      nameOf={nameOf}
      onClose={() => setJob(null)}
    />
  );
  if (count === 0) return progress;

  const actions: { type: BulkActionType; icon: typeof IconTag }[] = [
    { type: 'stage', icon: IconArrowRight },
    { type: 'add-to-pipeline', icon: IconLayoutKanban },
    { type: 'tags-add', icon: IconTags },
    { type: 'tags-remove', icon: IconTagOff },
    { type: 'label', icon: IconTag },
    { type: 'task', icon: IconChecklist },
    { type: 'task-template', icon: IconTemplate },
    { type: 'queue-message', icon: IconSend },
  ];

  return (
    <>
      {progress}
      <Group
        px="md"
        py={6}
        gap="sm"
        justify="space-between"
        wrap="wrap"

        bg="var(--mantine-primary-color-light)"
        style={{ borderBottom: '1px solid var(--app-shell-border-color)', whiteSpace: 'nowrap' }}
        role="toolbar"
        aria-label="Bulk actions"
      >
        <Group gap="sm" wrap="nowrap" style={{ flex: 'none' }}>
          <Text size="sm" fw={600} data-testid="selected-count">
            {allMatching
              ? total?.relation === 'gte'
                ? `${words.long[0]!.toUpperCase()}${words.long.slice(1)} selected`
                : `All ${plural(count)} matching selected`
              : `${count.toLocaleString('en-US')} selected`}
          </Text>
          {!allMatching && count >= loadedCount && totalValue > count && (
            <Anchor component="button" size="sm" onClick={onSelectAllMatching}>
              Select all{' '}
              {total?.relation === 'gte'
                ? `${totalValue.toLocaleString('en-US')}+`
                : totalValue.toLocaleString('en-US')}{' '}
              matching
            </Anchor>
          )}
          <Anchor component="button" size="sm" c="dimmed" onClick={onClear}>
            Clear selection
          </Anchor>
        </Group>
        <Group gap={4} wrap="wrap">
          {actions.map(({ type, icon: Icon }) => (
            <Button
              key={type}
              size="compact-sm"
              variant="subtle"
              leftSection={<Icon size={14} stroke={1.6} />}
              onClick={() => setForm(type)}
            >
              {ACTION_TITLES[type]}
            </Button>
          ))}
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} stroke={1.6} />}
            onClick={() => setForm('delete')}
          >
            Delete
          </Button>
        </Group>
      </Group>
      <Modal
        opened={form !== null}
        onClose={() => setForm(null)}
        title={form ? `${ACTION_TITLES[form]} · ${words.short}` : ''}
        centered
        size="sm"
      >
        {form && (
          <Stack gap="sm">
            {allMatching && total?.relation === 'gte' && (
              <Alert variant="light" color="yellow" p="xs">
                The count stops at {totalValue.toLocaleString('en-US')}: every contact matching this
                filter is included, however many there are.
              </Alert>
            )}
            {refused && (
              <Alert
                variant="light"
                color="red"
                p="xs"
                role="alert"
                title={`Couldn't start "${ACTION_TITLES[form]}"`}
              >
                {refused}
              </Alert>
            )}
            <ActionForm
              key={form}
              teamUID={teamUID}
              type={form}
              pipelineUID={pipelineUID}
              words={words}
              running={start.isPending}
              onCancel={() => setForm(null)}
              onRun={run}
            />
          </Stack>
        )}
      </Modal>
    </>
  );
}
