import {
  checkTemplate,
  fillTemplate,
  isKnownVariable,
  templateSeed,
  templateVariantCount,
  TEMPLATE_VARIABLES,
  templateContextOf,
} from '@leadloom/core';
import {
  Alert,
  Button,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconBraces, IconTrash } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useCurrentUser } from '../session/CurrentUser';
import { usePreviewContacts } from './api';

import type { TemplateDraft, TemplateGroup } from './types';

/** What "Insert variable" offers (the grammar has more: answer.N, profile.x, field.x). */
const INSERTABLE = [
  ...TEMPLATE_VARIABLES.map((v) => `{{${v}}}`),
  '{{firstName|there}}',
  '{{answer.1}}',
  '{Hi|Hello|Hey}',
];

/**
 * The template form: name, category, type, tags and the text, checked as you type with core's
 * grammar (the same check the server makes on save), and a live preview filled for a contact
 * you pick, seeded as the send will be.
 */
export function TemplateEditor({
  teamUID,
  initial,
  categories,
  types,
  saving,
  saveError,
  canDelete,
  onSave,
  onCancel,
  onDelete,
}: {
  teamUID: string;
  initial: TemplateDraft;
  categories: TemplateGroup[];
  types: TemplateGroup[];
  saving: boolean;
  saveError: Error | null;
  canDelete: boolean;
  onSave: (draft: TemplateDraft) => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const me = useCurrentUser();
  const [draft, setDraft] = useState<TemplateDraft>(initial);
  const [touched, setTouched] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const set = <K extends keyof TemplateDraft>(key: K, value: TemplateDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const problems = useMemo(() => checkTemplate(draft.body), [draft.body]);
  const nameError = touched && !draft.name.trim() ? 'Name the template.' : null;
  const bodyEmpty = !draft.body.trim();
  const canSave = !saving && problems.length === 0 && !bodyEmpty && draft.name.trim() !== '';

  const [contactQuery, setContactQuery] = useState('');
  const [debouncedQuery] = useDebouncedValue(contactQuery, 200);
  const contacts = usePreviewContacts(teamUID, debouncedQuery);
  const [contactGTID, setContactGTID] = useState<string | null>(null);
  const hits = contacts.data ?? [];
  const contact = hits.find((h) => h.GTID === contactGTID) ?? hits[0] ?? null;
  const preview = useMemo(() => {
    if (!contact) return null;
    const ctx = templateContextOf(contact, me.name);
    return fillTemplate(draft.body, ctx, templateSeed(draft.body, contact.GTID));
  }, [contact, draft.body, me.name]);
  // Unknown names are already listed as problems above; warn only about empty known ones.
  const missingKnown = (preview?.missing ?? []).filter((name) => isKnownVariable(name));
  const variants = useMemo(() => templateVariantCount(draft.body), [draft.body]);

  const insert = (snippet: string) => {
    const el = bodyRef.current;
    const at = el ? el.selectionStart : draft.body.length;
    const end = el ? el.selectionEnd : at;
    set('body', draft.body.slice(0, at) + snippet + draft.body.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + snippet.length, at + snippet.length);
    });
  };

  const save = () => {
    setTouched(true);
    if (canSave) onSave({ ...draft, name: draft.name.trim() });
  };

  return (
    <Stack
      gap="sm"
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && (e.key === 'Enter' || e.key === 's')) {
          e.preventDefault();
          save();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <TextInput
        label="Name"
        placeholder="e.g. Welcome to the group"
        value={draft.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        onBlur={() => setTouched(true)}
        error={nameError}
        maxLength={120}
        data-autofocus
      />
      <Group grow gap="sm" align="flex-start">
        <Select
          label="Category"
          placeholder="None"
          data={categories.map((c) => ({ value: c.id, label: c.name }))}
          value={draft.categoryID}
          onChange={(v) => set('categoryID', v)}
          clearable
          nothingFoundMessage="No categories yet"
        />
        <Select
          label="Type"
          placeholder="None"
          data={types.map((t) => ({ value: t.id, label: t.name }))}
          value={draft.typeID}
          onChange={(v) => set('typeID', v)}
          clearable
          nothingFoundMessage="No types yet"
        />
      </Group>
      <TagsInput
        label="Tags"
        placeholder={draft.tags.length ? '' : 'Type a tag and press Enter'}
        value={draft.tags}
        onChange={(v) => set('tags', v)}
        maxTags={20}
        clearable
      />
      <div>
        <Group justify="space-between" align="flex-end" mb={4}>
          <Text component="label" htmlFor="template-body" size="sm" fw={500}>
            Message
          </Text>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="compact-xs" variant="subtle" leftSection={<IconBraces size={14} />}>
                Insert variable
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {INSERTABLE.map((v) => (
                <Menu.Item key={v} ff="monospace" fz="xs" onClick={() => insert(v)}>
                  {v}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
        <Textarea
          id="template-body"
          ref={bodyRef}
          aria-label="Message"
          autosize
          minRows={5}
          maxRows={14}
          ff="monospace"
          fz="sm"
          placeholder="{Hi|Hello} {{firstName|there}}, thanks for joining the group!"
          value={draft.body}
          onChange={(e) => set('body', e.currentTarget.value)}
          error={problems.length > 0}
          aria-describedby="template-problems"
        />
        <Stack id="template-problems" gap={2} mt={4} aria-live="polite">
          {problems.map((p) => (
            <Text key={`${p.start}-${p.message}`} size="xs" c="red" role="alert">
              {p.message}{' '}
              <Text span c="dimmed" size="xs">
                (at character {p.start + 1})
              </Text>
            </Text>
          ))}
          {problems.length === 0 && (
            <Text size="xs" c="dimmed">
              {'{{firstName|there}}'} fills in a value with a fallback; {'{Hi|Hello}'} picks one
              option per contact; \{'{'} writes a brace.{' '}
              {variants > 1 && `${variants.toLocaleString('en-US')} variants.`}
            </Text>
          )}
        </Stack>
      </div>

      <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
        <Group justify="space-between" align="flex-end" mb="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            Preview
          </Text>
          <Select
            aria-label="Preview for contact"
            placeholder="Pick a contact"
            size="xs"
            w={240}
            searchable
            searchValue={contactQuery}
            onSearchChange={setContactQuery}
            filter={({ options }) => options}
            data={hits.map((h) => ({ value: h.GTID, label: h.fullName || h.GTID }))}
            value={contact?.GTID ?? null}
            onChange={setContactGTID}
            nothingFoundMessage={contacts.isFetching ? 'Searching…' : 'No contact found'}
          />
        </Group>
        {contacts.isError ? (
          <Text size="sm" c="red">
            Couldn’t load contacts for the preview.
          </Text>
        ) : !contact ? (
          <Text size="sm" c="dimmed">
            {contacts.isPending ? 'Loading contacts…' : 'Add a contact to see a preview.'}
          </Text>
        ) : (
          <>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
              {preview?.text || (
                <Text span c="dimmed">
                  (empty)
                </Text>
              )}
            </Text>
            {preview && missingKnown.length > 0 && (
              <Text size="xs" c="orange" mt={6}>
                No value for {missingKnown.map((m) => `{{${m}}}`).join(', ')} for {contact.fullName}
                : add a fallback such as {`{{${missingKnown[0]}|there}}`}.
              </Text>
            )}
          </>
        )}
      </Paper>

      {saveError && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} py="xs">
          {saveError.message}
        </Alert>
      )}
      <Group justify="space-between">
        {canDelete ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={onDelete}
          >
            Delete
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            onClick={save}
            loading={saving}
            disabled={problems.length > 0 || (touched && !canSave)}
          >
            Save template
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
