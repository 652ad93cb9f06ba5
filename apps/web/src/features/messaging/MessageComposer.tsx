import { fillTemplate, isKnownVariable, templateSeed } from '@leadloom/core';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconMessage2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentUser } from '../session/CurrentUser';
import { useLogMessageSent, useMessageTemplates } from './api';
import { templateContextOf } from './templateContext';
import type { MessageTemplate } from './types';

interface ComposerContact {
  GTID: string;
  firstName: string;
  lastName: string;
  fullName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  profiles: Record<string, string>;
}

/**
 * The contact page's "Message": pick a template, see it filled for this contact exactly as it
 * will be sent (same seed as the preview and the extension), edit, copy, and mark it sent, which
 * logs a `message` activity. Sending itself comes with the extension.
 */
export function MessageComposer({
  teamUID,
  contact,
  answers,
  opened,
  onClose,
}: {
  teamUID: string;
  contact: ComposerContact;
  /** The contact's answers in the pipeline shown (for {{answer.N}}). */
  answers: readonly string[];
  opened: boolean;
  onClose: () => void;
}) {
  const me = useCurrentUser();
  const templates = useMessageTemplates(teamUID);
  const logSent = useLogMessageSent(teamUID, contact.GTID);
  const [template, setTemplate] = useState<MessageTemplate | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const name = contact.fullName || `${contact.firstName} ${contact.lastName}`.trim();

  const pick = (templateUID: string | null) => {
    const t = templates.data?.templates.find((x) => x.templateUID === templateUID) ?? null;
    setTemplate(t);
    if (!t) return;
    const filled = fillTemplate(
      t.body,
      templateContextOf(contact, me.name, answers),
      templateSeed(t.body, contact.GTID),
    );
    setText(filled.text);
    setMissing(filled.missing.filter((m) => isKnownVariable(m)));
  };

  const close = () => {
    setTemplate(null);
    setText('');
    setMissing([]);
    logSent.reset();
    onClose();
  };

  const markSent = () =>
    logSent.mutate(
      { text, templateUID: template?.templateUID ?? null },
      {
        onSuccess: () => {
          toastSuccess(`Logged the message to ${name}.`);
          close();
        },
        onError: (e) => toastError(e, 'The message was not logged'),
      },
    );

  const categories = new Map((templates.data?.categories ?? []).map((c) => [c.id, c.name]));
  const options = (() => {
    const byGroup = new Map<string, { value: string; label: string }[]>();
    for (const t of templates.data?.templates ?? []) {
      const group = (t.categoryID && categories.get(t.categoryID)) || 'No category';
      byGroup.set(group, [...(byGroup.get(group) ?? []), { value: t.templateUID, label: t.name }]);
    }
    return [...byGroup].map(([group, items]) => ({ group, items }));
  })();

  return (
    <Modal opened={opened} onClose={close} title={`Message ${name}`} size="lg">
      <Stack gap="sm">
        <Select
          label="Template"
          placeholder={templates.isPending ? 'Loading templates…' : 'Pick a template'}
          data={options}
          value={template?.templateUID ?? null}
          onChange={pick}
          searchable
          nothingFoundMessage={
            templates.data?.templates.length === 0 ? 'No templates yet' : 'No template matches'
          }
          data-autofocus
        />
        {templates.isError && (
          <Text size="sm" c="red">
            Couldn’t load the templates.
          </Text>
        )}
        {templates.data?.templates.length === 0 && (
          <Text size="sm" c="dimmed">
            Your team has no templates yet.{' '}
            <Anchor component={Link} to="/setup/messaging" size="sm">
              Write one
            </Anchor>
            , or type the message below.
          </Text>
        )}
        <Textarea
          label="Message"
          aria-label="Message to send"
          autosize
          minRows={5}
          maxRows={14}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          placeholder="Pick a template or write the message"
        />
        {missing.length > 0 && (
          <Alert color="orange" icon={<IconAlertTriangle size={16} />} py="xs">
            {name} has no value for {missing.map((m) => `{{${m}}}`).join(', ')}; that part is empty.
            Check the text before sending.
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Copy it into the conversation, then mark it sent to log it on the timeline.
        </Text>
        <Group justify="flex-end" gap="xs">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                onClick={copy}
                disabled={!text.trim()}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button
            onClick={markSent}
            loading={logSent.isPending}
            disabled={!text.trim()}
            leftSection={<IconMessage2 size={16} />}
          >
            Mark as sent
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
