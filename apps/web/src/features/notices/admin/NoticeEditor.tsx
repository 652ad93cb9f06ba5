import {
  Box,
  ColorInput,
  Divider,
  Drawer,
  Grid,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { NOTIFICATION_PLATFORMS, NOTIFICATION_TYPES } from '@leadloom/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../ui/toast';
import { NoticePreview } from '../NoticeView';
import { NOTICE_POSITIONS, type Notice, type NoticePosition } from '../types';
import { useNoticeChange } from './adminApi';
import { EMPTY_NOTICE, formFromNotice, noticeFromForm, type NoticeFormValues } from './noticeForm';
import { FormActions } from '../../../ui/FormActions';

const PLATFORM_LABELS = { web: 'Web app', extension: 'Extension', any: 'Both' } as const;

/** Create or edit a notification, with a live preview of exactly what users will see. */
export function NoticeEditor({
  editing,
  onClose,
}: {
  /** null = closed; 'new' = create; a notice = edit it. */
  editing: Notice | 'new' | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={editing !== null}
      onClose={onClose}
      position="right"
      size="min(1040px, 100%)"
      title={editing === 'new' ? 'New notification' : 'Edit notification'}
    >
      {editing !== null && (
        <EditorForm
          key={editing === 'new' ? 'new' : editing.notificationId}
          notice={editing === 'new' ? null : editing}
          onDone={onClose}
        />
      )}
    </Drawer>
  );
}

function EditorForm({ notice, onDone }: { notice: Notice | null; onDone: () => void }) {
  const [values, setValues] = useState<NoticeFormValues>(() =>
    notice ? formFromNotice(notice) : EMPTY_NOTICE,
  );
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const change = useNoticeChange();
  const set = <K extends keyof NoticeFormValues>(key: K, value: NoticeFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (fieldError?.field === key) setFieldError(null);
  };
  const errorOf = (key: keyof NoticeFormValues) =>
    fieldError?.field === key ? fieldError.message : undefined;
  const text = (key: keyof NoticeFormValues) => ({
    value: values[key] as string,
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    error: errorOf(key),
  });

  const save = () => {
    const body = noticeFromForm(values);
    change.mutate(
      notice ? { kind: 'update', id: notice.notificationId, body } : { kind: 'create', body },
      {
        onSuccess: () => {
          toastSuccess(body.published ? 'The notification is live.' : 'Draft saved.');
          onDone();
        },
        onError: (error) => {
          if (isApiError(error) && error.field) {
            setFieldError({ field: error.field, message: error.message });
          } else toastError(error, 'Could not save the notification');
        },
      },
    );
  };

  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Type"
            value={values.type}
            onChange={(v) => set('type', v as NoticeFormValues['type'])}
            data={NOTIFICATION_TYPES.map((t) => ({ value: t, label: capital(t) }))}
          />
          <TextInput label="Title" {...text('title')} />
          <Textarea label="Text" autosize minRows={2} maxRows={6} {...text('text')} />
          <Group grow align="flex-start">
            <TextInput label="Link" placeholder="https://… or /path" {...text('link')} />
            <TextInput label="Link text" {...text('linkText')} />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Platform"
              value={values.platform}
              onChange={(v) => v && set('platform', v as NoticeFormValues['platform'])}
              data={NOTIFICATION_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
              allowDeselect={false}
              error={errorOf('platform')}
            />
            <Select
              label="Position"
              placeholder="Default"
              value={values.position || null}
              onChange={(v) => set('position', (v ?? '') as NoticePosition | '')}
              data={NOTICE_POSITIONS.map((p) => ({ value: p, label: p.replace('-', ' ') }))}
              clearable
              error={errorOf('position')}
            />
          </Group>
          <TextInput
            label="Only on page"
            description="A path prefix such as /contacts; empty = every page"
            {...text('page')}
          />
          <Group grow align="flex-start">
            <ColorInput
              label="Background colour"
              value={values.backgroundColor}
              onChange={(v) => set('backgroundColor', v)}
              error={errorOf('backgroundColor')}
            />
            <ColorInput
              label="Font colour"
              value={values.fontColor}
              onChange={(v) => set('fontColor', v)}
              error={errorOf('fontColor')}
            />
          </Group>
          <TextInput
            label="Background icon"
            description="An emoji or an image address"
            {...text('backgroundIcon')}
          />
          <Switch
            label="Published"
            checked={values.published}
            onChange={(e) => set('published', e.currentTarget.checked)}
          />
          <FormActions onCancel={onDone} onSubmit={save} loading={change.isPending} mt="sm">
            {notice ? 'Save' : 'Create'}
          </FormActions>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Text size="sm" fw={700} tt="uppercase" c="dimmed" mb="xs">
          Preview
        </Text>
        <Divider mb="md" />
        <Box data-testid="notice-preview" aria-label="Preview">
          <NoticePreview n={noticeFromForm(values)} />
        </Box>
        <Text size="xs" c="dimmed" mt="md">
          {previewHint(values)}
        </Text>
      </Grid.Col>
    </Grid>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function previewHint(v: NoticeFormValues): string {
  const where = v.page.trim() ? `on ${v.page.trim()}` : 'on every page';
  if (v.type === 'toast') return `A toast ${where}; it closes after 5 seconds.`;
  if (v.type === 'modal') return `A modal ${where}; it stays until dismissed.`;
  return `A banner ${v.position.startsWith('bottom') ? 'below' : 'above'} the content ${where}; it stays until dismissed.`;
}
