import {
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconMessage2, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentTeam, useCurrentUser } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { useMessageTemplates, useTemplateMutations } from './api';
import { TemplateEditor } from './TemplateEditor';
import { templateSnippet } from './templateContext';
import type { MessageTemplate, TemplateDraft } from './types';
import { ListSkeleton } from '../../ui/Skeletons';

const EMPTY: TemplateDraft = { name: '', body: '', categoryID: null, typeID: null, tags: [] };
/** The list's "no category" group. */
const UNCATEGORISED = '';

/**
 * /setup/messaging: the team's message templates (snippets, SPEC §3) by category, with an
 * editor that checks the grammar as you type and previews the text for a real contact.
 */
export function MessagingPage() {
  const { teamUID, team } = useCurrentTeam();
  const me = useCurrentUser();
  const isManager = team.role === 'owner' || team.role === 'admin';
  const list = useMessageTemplates(teamUID);
  const m = useTemplateMutations(teamUID);
  const [selected, setSelected] = useState<string | 'new' | null>(null);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);

  const data = list.data;
  const groups = useMemo(() => {
    if (!data) return [];
    const q = query.trim().toLowerCase();
    const shown = data.templates.filter(
      (t) =>
        (category === null || (t.categoryID ?? UNCATEGORISED) === category) &&
        (!q ||
          t.name.toLowerCase().includes(q) ||
          t.body.toLowerCase().includes(q) ||
          t.tags.some((tag) => tag.toLowerCase().includes(q))),
    );
    const order = [...data.categories.map((c) => c.id), UNCATEGORISED];
    return order
      .map((id) => ({
        id,
        name: data.categories.find((c) => c.id === id)?.name ?? 'No category',
        templates: shown.filter((t) => (t.categoryID ?? UNCATEGORISED) === id),
      }))
      .filter((g) => g.templates.length > 0);
  }, [data, query, category]);

  const current =
    selected && selected !== 'new' ? data?.templates.find((t) => t.templateUID === selected) : null;
  const editing = selected === 'new' || Boolean(current);

  const onSave = (draft: TemplateDraft) => {
    if (selected === 'new') {
      m.create.mutate(draft, {
        onSuccess: (t) => {
          setSelected(t.templateUID);
          toastSuccess(`Saved the template “${t.name}”.`);
        },
      });
    } else if (current) {
      m.update.mutate(
        { templateUID: current.templateUID, draft },
        { onSuccess: (t) => toastSuccess(`Saved the template “${t.name}”.`) },
      );
    }
  };

  const startNew = () => {
    m.create.reset();
    setSelected('new');
  };

  return (
    <Box px="lg" py="md">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Message templates
          </Title>
          <Text size="sm" c="dimmed" maw={620}>
            Saved answers for your team. Variables such as {'{{firstName}}'} fill in each contact’s
            details, and spintax such as {'{Hi|Hello}'} varies the wording from contact to contact.
          </Text>
        </div>
        {data && data.templates.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={startNew}>
            New template
          </Button>
        )}
      </Group>

      {list.isPending ? (
        <Paper p="sm">
          <ListSkeleton label="Loading message templates" rows={4} height={34} gap="sm" tapered />
        </Paper>
      ) : list.isError ? (
        <QueryError title="Couldn't load your message templates" query={list} />
      ) : data!.templates.length === 0 && selected !== 'new' ? (
        <StateMessage
          icon={<IconMessage2 size={24} />}
          title="No message templates yet"
          action={
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={startNew}>
              Write your first template
            </Button>
          }
        >
          Write the messages you send again and again once, then fill them in for any contact from
          the contact page.
        </StateMessage>
      ) : (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper p="xs" component="section" aria-label="Templates">
              <Stack gap={6} mb="xs">
                <TextInput
                  size="xs"
                  placeholder="Search templates"
                  leftSection={<IconSearch size={14} />}
                  value={query}
                  onChange={(e) => setQuery(e.currentTarget.value)}
                  aria-label="Search templates"
                />
                {data!.categories.length > 0 && (
                  <Select
                    size="xs"
                    placeholder="All categories"
                    aria-label="Category"
                    clearable
                    data={[
                      ...data!.categories.map((c) => ({ value: c.id, label: c.name })),
                      { value: UNCATEGORISED, label: 'No category' },
                    ]}
                    value={category}
                    onChange={setCategory}
                  />
                )}
              </Stack>
              <ScrollArea.Autosize mah="calc(100vh - 260px)">
                {groups.length === 0 ? (
                  <Text size="sm" c="dimmed" p="sm">
                    No template matches.
                  </Text>
                ) : (
                  groups.map((g) => (
                    <Box key={g.id} mb="xs">
                      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" py={4}>
                        {g.name}
                      </Text>
                      {g.templates.map((t) => (
                        <UnstyledButton
                          key={t.templateUID}
                          onClick={() => {
                            m.update.reset();
                            setSelected(t.templateUID);
                          }}
                          aria-current={selected === t.templateUID ? 'true' : undefined}
                          w="100%"
                          px="xs"
                          py={6}
                          style={{
                            borderRadius: 'var(--mantine-radius-sm)',
                            background:
                              selected === t.templateUID
                                ? 'var(--mantine-primary-color-light)'
                                : undefined,
                          }}
                        >
                          <Group justify="space-between" gap={6} wrap="nowrap">
                            <Text size="sm" fw={500} truncate>
                              {t.name}
                            </Text>
                            {t.typeID && (
                              <Badge size="xs" variant="light" color="gray">
                                {data!.types.find((x) => x.id === t.typeID)?.name}
                              </Badge>
                            )}
                          </Group>
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {templateSnippet(t.body)}
                          </Text>
                        </UnstyledButton>
                      ))}
                    </Box>
                  ))
                )}
              </ScrollArea.Autosize>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper p="md" component="section" aria-label="Template">
              {editing ? (
                <TemplateEditor
                  key={selected ?? 'none'}
                  teamUID={teamUID}
                  initial={
                    current
                      ? {
                          name: current.name,
                          body: current.body,
                          categoryID: current.categoryID,
                          typeID: current.typeID,
                          tags: current.tags,
                        }
                      : EMPTY
                  }
                  categories={data!.categories}
                  types={data!.types}
                  saving={m.create.isPending || m.update.isPending}
                  saveError={selected === 'new' ? m.create.error : m.update.error}
                  canDelete={Boolean(current) && (isManager || current?.createdBy === me.uid)}
                  onSave={onSave}
                  onCancel={() => setSelected(null)}
                  onDelete={() => current && setDeleting(current)}
                />
              ) : (
                <StateMessage icon={<IconMessage2 size={24} />} title="Pick a template">
                  Choose a template on the left to edit it and preview it for a contact, or write a
                  new one.
                </StateMessage>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}

      <ConfirmModal
        opened={deleting !== null}
        title="Delete this template?"
        confirmLabel="Delete template"
        loading={m.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          m.remove.mutate(deleting.templateUID, {
            onSuccess: () => {
              toastSuccess(`Deleted the template “${deleting.name}”.`);
              setDeleting(null);
              setSelected(null);
            },
            onError: (e) => toastError(e, 'The template was not deleted'),
          })
        }
      >
        “{deleting?.name}” will be gone for everyone in the team. Messages already sent stay in each
        contact’s timeline.
      </ConfirmModal>
    </Box>
  );
}
