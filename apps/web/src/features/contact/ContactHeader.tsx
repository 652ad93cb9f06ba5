import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconDots,
  IconMail,
  IconMessage2,
  IconPhone,
  IconPlus,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { toastError, toastSuccess } from '../../ui/toast';
import { usePipelines } from '../pipeline/api';
import {
  useAddTag,
  useAddToPipeline,
  useChangeStage,
  usePipelineStages,
  useRemoveFromPipeline,
  useRemoveTag,
  useSetStatusLabel,
  useStatusLabels,
  useTagSets,
} from './api';
import { MessageComposer } from '../messaging/MessageComposer';
import { ContactAvatar } from './ContactAvatar';
import { PLATFORMS, contactName, platformLabel } from './contactInfo';
import { ProfileIcon } from './ProfileIcon';
import { TagChip } from './TagChip';
import type { ContactAnswer, ContactPipeline, ContactTag } from './types';
import { safeUrl } from '../../lib/safeUrl';

interface HeaderProps {
  teamUID: string;
  data: ContactAnswer;
  selected: ContactPipeline | null;
  onSelectPipeline: (groupUID: string) => void;
}

export function ContactHeader({ teamUID, data, selected, onSelectPipeline }: HeaderProps) {
  const { contact } = data;
  const name = contactName(contact);
  const [composing, setComposing] = useState(false);
  // Known platforms in their usual order, then any other link.
  const rank = (key: string) => {
    const i = PLATFORMS.findIndex((p) => p.key === key);
    return i < 0 ? PLATFORMS.length : i;
  };
  const profiles = Object.entries(contact.profiles ?? {})
    .filter(([, url]) => safeUrl(url))
    .sort(([a], [b]) => rank(a) - rank(b));

  return (
    <Paper withBorder p="md" radius="md">
      <MessageComposer
        teamUID={teamUID}
        contact={contact}
        answers={(selected ?? data.pipelines[0])?.answers.map((a) => a.answer) ?? []}
        opened={composing}
        onClose={() => setComposing(false)}
      />
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ContactAvatar
          name={name}
          email={contact.emailAddress}
          photoURL={contact.photoURL}
          size={72}
          radius="xl"
          alt={name}
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {/* On a narrow screen Message and the status go under the name, never over it. */}
          <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
            <Stack gap={2} miw={0}>
              <Title order={1} size="h2" lh={1.2}>
                {name}
              </Title>
              {contact.fullName &&
                (contact.firstName || contact.lastName) &&
                contact.fullName.trim() !== `${contact.firstName} ${contact.lastName}`.trim() && (
                  <Text size="sm" c="dimmed">
                    {[contact.firstName, contact.lastName].filter(Boolean).join(' ')}
                  </Text>
                )}
            </Stack>
            <Group gap="xs" wrap="wrap">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconMessage2 size={14} />}
                onClick={() => setComposing(true)}
              >
                Message
              </Button>
              <StatusLabelPicker
                teamUID={teamUID}
                GTID={contact.GTID}
                value={contact.statusLabelUID}
              />
            </Group>
          </Group>
          <Group gap="md" wrap="wrap">
            {contact.emailAddress && (
              <Group gap={6} wrap="nowrap">
                <IconMail size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
                <Anchor size="sm" href={`mailto:${contact.emailAddress}`}>
                  {contact.emailAddress}
                </Anchor>
              </Group>
            )}
            {contact.phoneNumber && (
              <Group gap={6} wrap="nowrap">
                <IconPhone size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
                <Anchor size="sm" href={`tel:${contact.phoneNumber.replace(/\s+/g, '')}`}>
                  {contact.phoneNumber}
                </Anchor>
              </Group>
            )}
            {profiles.length > 0 && (
              <Group gap={4} wrap="nowrap" aria-label="Profiles">
                {profiles.map(([platform, url]) => (
                  <Tooltip key={platform} label={`${platformLabel(platform)}: ${url}`}>
                    <ActionIcon
                      component="a"
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      variant="subtle"
                      color="gray"
                      aria-label={`${platformLabel(platform)} profile`}
                    >
                      <ProfileIcon platform={platform} />
                    </ActionIcon>
                  </Tooltip>
                ))}
              </Group>
            )}
            {contact.sources.length > 0 && (
              <Group gap={4} wrap="wrap" aria-label="Sources">
                {contact.sources.map((source) => (
                  <Badge key={source} variant="light" color="gray" size="sm" tt="none">
                    {source}
                  </Badge>
                ))}
              </Group>
            )}
          </Group>
          <PipelineBar
            teamUID={teamUID}
            data={data}
            selected={selected}
            onSelectPipeline={onSelectPipeline}
          />
          <TagBar teamUID={teamUID} data={data} selected={selected} />
        </Stack>
      </Group>
    </Paper>
  );
}

function PipelineBar({ teamUID, data, selected, onSelectPipeline }: HeaderProps) {
  const GTID = data.contact.GTID;
  const visible = usePipelines(teamUID);
  const stages = usePipelineStages(teamUID, selected?.groupUID ?? null);
  const changeStage = useChangeStage(teamUID, GTID);
  const add = useAddToPipeline(teamUID, GTID);
  const remove = useRemoveFromPipeline(teamUID, GTID);
  const [confirmRemove, setConfirmRemove] = useState(false);

  const inPipelines = new Set(data.pipelines.map((p) => p.groupUID));
  const addable = (visible.data ?? [])
    .filter((p) => !inPipelines.has(p.groupUID))
    .sort((a, b) => a.order - b.order);

  const stageOptions = (
    stages.data ?? (selected ? [{ stageUID: selected.stageUID, ...selected.stage }] : [])
  ).map((s) => ({ value: s.stageUID, label: s.name }));
  const stageColor = new Map((stages.data ?? []).map((s) => [s.stageUID, s.color] as const));

  const addMenu = (
    <Menu shadow="md" position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant={data.pipelines.length === 0 ? 'light' : 'subtle'}
          size="xs"
          leftSection={<IconPlus size={14} />}
          loading={add.isPending}
          disabled={addable.length === 0}
        >
          Add to pipeline
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {addable.map((p) => (
          <Menu.Item
            key={p.groupUID}
            onClick={() =>
              add.mutate(
                { pipelineUID: p.groupUID },
                {
                  onSuccess: () => {
                    toastSuccess(`Added to ${p.nickName}.`);
                    onSelectPipeline(p.groupUID);
                  },
                  onError: (error) => toastError(error, `Could not add to ${p.nickName}`),
                },
              )
            }
          >
            {p.nickName}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  if (!selected) {
    return (
      <Group gap="sm" mt={4}>
        <Text size="sm" c="dimmed">
          Not in a pipeline yet.
        </Text>
        {addMenu}
      </Group>
    );
  }

  return (
    <Group gap="sm" mt={4} wrap="wrap" align="flex-end">
      <Select
        label="Pipeline"
        size="xs"
        w={200}
        data={data.pipelines.map((p) => ({ value: p.groupUID, label: p.nickName }))}
        value={selected.groupUID}
        onChange={(value) => value && onSelectPipeline(value)}
        allowDeselect={false}
        checkIconPosition="right"
      />
      <Select
        label="Stage"
        size="xs"
        w={200}
        data={stageOptions}
        value={selected.stageUID}
        allowDeselect={false}
        disabled={changeStage.isPending}
        leftSection={
          <ColorSwatch
            size={10}
            color={
              stageColor.get(selected.stageUID) ||
              selected.stage.color ||
              'var(--mantine-color-gray-5)'
            }
          />
        }
        renderOption={({ option }) => (
          <Group gap="xs" wrap="nowrap">
            <ColorSwatch
              size={10}
              color={stageColor.get(option.value) || 'var(--mantine-color-gray-5)'}
            />
            <Text size="xs">{option.label}</Text>
          </Group>
        )}
        onChange={(stageUID) => {
          if (!stageUID || stageUID === selected.stageUID) return;
          const name = stageOptions.find((s) => s.value === stageUID)?.label ?? 'the stage';
          changeStage.mutate(
            { groupUID: selected.groupUID, stageUID },
            {
              onSuccess: () => toastSuccess(`Moved to ${name}.`),
              onError: (error) => toastError(error, 'Could not change the stage'),
            },
          );
        }}
      />
      {addMenu}
      <Menu shadow="md" position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="More pipeline actions" mb={2}>
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => setConfirmRemove(true)}
          >
            Remove from {selected.nickName}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={confirmRemove}
        title={`Remove from ${selected.nickName}?`}
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={() => setConfirmRemove(false)}
        onConfirm={() =>
          remove.mutate(selected.groupUID, {
            onSuccess: () => {
              setConfirmRemove(false);
              toastSuccess(`Removed from ${selected.nickName}.`);
            },
            onError: (error) => toastError(error, 'Could not remove from the pipeline'),
          })
        }
      >
        {contactName(data.contact)} leaves {selected.nickName} with its stage history, deals,
        answers and pipeline tags there. The contact stays in the team.
      </ConfirmModal>
    </Group>
  );
}

function StatusLabelPicker({
  teamUID,
  GTID,
  value,
}: {
  teamUID: string;
  GTID: string;
  value: string | null;
}) {
  const labels = useStatusLabels(teamUID);
  const setLabel = useSetStatusLabel(teamUID, GTID);
  const colorOf = new Map((labels.data ?? []).map((l) => [l.labelUID, l.color] as const));
  return (
    <Select
      aria-label="Status label"
      placeholder={labels.data?.length === 0 ? 'No status labels' : 'Set a status'}
      size="xs"
      w={180}
      clearable
      data={(labels.data ?? []).map((l) => ({ value: l.labelUID, label: l.display }))}
      value={value}
      disabled={setLabel.isPending || labels.data?.length === 0}
      leftSection={value ? <ColorSwatch size={10} color={colorOf.get(value) ?? 'gray'} /> : null}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch size={10} color={colorOf.get(option.value) ?? 'gray'} />
          <Text size="xs">{option.label}</Text>
        </Group>
      )}
      onChange={(labelUID) =>
        setLabel.mutate(labelUID, {
          onError: (error) => toastError(error, 'Could not set the status'),
        })
      }
    />
  );
}

function TagBar({
  teamUID,
  data,
  selected,
}: {
  teamUID: string;
  data: ContactAnswer;
  selected: ContactPipeline | null;
}) {
  const GTID = data.contact.GTID;
  const tagSets = useTagSets(teamUID);
  const addTag = useAddTag(teamUID, GTID);
  const removeTag = useRemoveTag(teamUID, GTID);
  const setColor = new Map((tagSets.data ?? []).map((s) => [s.tagSetUID, s.color] as const));

  const shown: { tag: ContactTag; pipelineUID: string | null }[] = [
    ...data.globalTags.map((tag) => ({ tag, pipelineUID: null })),
    ...(selected?.tags ?? []).map((tag) => ({ tag, pipelineUID: selected!.groupUID })),
  ];
  const onContact = new Set(shown.map((t) => `${t.pipelineUID ?? ''}/${t.tag.tagID}`));

  // Global sets, then the selected pipeline's; each tag once, minus those already on.
  const groups = (tagSets.data ?? [])
    .filter((set) => set.pipelineUID === null || set.pipelineUID === selected?.groupUID)
    .sort(
      (a, b) =>
        Number(a.pipelineUID !== null) - Number(b.pipelineUID !== null) || a.order - b.order,
    )
    .map((set) => ({
      group: set.pipelineUID ? `${set.name} (${selected?.nickName ?? 'pipeline'})` : set.name,
      items: [...set.tags]
        .sort((a, b) => a.order - b.order)
        .filter((t) => !onContact.has(`${set.pipelineUID ?? ''}/${t.tagID}`))
        .map((t) => ({ value: `${set.pipelineUID ?? ''}|${t.tagID}`, label: t.name })),
    }))
    .filter((g) => g.items.length > 0);

  return (
    <Group gap={6} wrap="wrap" mt={4} aria-label="Tags">
      <IconTag size={16} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          No tags
        </Text>
      )}
      {shown.map(({ tag, pipelineUID }) => (
        <TagChip
          key={`${pipelineUID ?? 'global'}/${tag.tagID}`}
          tag={tag}
          fallbackColor={tag.tagSetUID ? setColor.get(tag.tagSetUID) : undefined}
          removing={removeTag.isPending}
          onRemove={() =>
            removeTag.mutate(
              { tagID: tag.tagID, pipelineUID },
              { onError: (error) => toastError(error, `Could not remove the tag ${tag.name}`) },
            )
          }
        />
      ))}
      <Select
        aria-label="Add a tag"
        placeholder={
          tagSets.isPending ? 'Loading tags…' : groups.length ? 'Add tag' : 'No tags to add'
        }
        size="xs"
        w={150}
        searchable
        data={groups}
        value={null}
        disabled={groups.length === 0 || addTag.isPending}
        nothingFoundMessage="No such tag"
        leftSection={<IconPlus size={14} />}
        comboboxProps={{ width: 240, position: 'bottom-start' }}
        onChange={(value) => {
          if (!value) return;
          const [pipelinePart, tagID] = value.split('|') as [string, string];
          addTag.mutate(
            { tagID, pipelineUID: pipelinePart || null },
            { onError: (error) => toastError(error, 'Could not add the tag') },
          );
        }}
      />
    </Group>
  );
}
