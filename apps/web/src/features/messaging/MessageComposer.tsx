import {
  PLATFORM_NAMES,
  PRODUCT_NAME,
  QUEUE_PLATFORMS,
  escapeTemplateText,
  fillTemplate,
  isKnownVariable,
  recipientLink,
  templateSeed,
  type QueuePlatform,
  templateContextOf,
} from '@leadloom/core';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCopy,
  IconMessage2,
  IconSend,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../ui/toast';
import { useCurrentUser } from '../session/CurrentUser';
import { useOutreachMutations } from '../outreach/api';
import { useAssignees } from '../tasks/api';
import { useLogMessageSent, useMessageTemplates } from './api';

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
 * will be sent (same seed as the preview and the extension), edit, and queue it on a platform
 * the contact has a profile link for, from the user's account or a teammate's (who then reviews
 * it first). Or copy it and mark it sent by hand, which logs a `message` activity.
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
  const { queue } = useOutreachMutations(teamUID);
  const members = useAssignees(teamUID);
  const reachable = QUEUE_PLATFORMS.filter((p) => recipientLink(contact.profiles, p));
  const [platform, setPlatform] = useState<QueuePlatform | null>(null);
  const [sender, setSender] = useState<string | null>(null);
  const chosenPlatform = platform ?? reachable[0] ?? null;
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
    setSender(null);
    logSent.reset();
    queue.reset();
    onClose();
  };

  const queueIt = () => {
    if (!chosenPlatform) return;
    const from = sender ?? me.uid;
    queue.mutate(
      {
        platform: chosenPlatform,
        GTIDs: [contact.GTID],
        // The text is final: escaped, so the server's filling leaves it exactly as shown.
        text: escapeTemplateText(text),
        templateId: template?.templateUID ?? null,
        queuedToUID: from,
      },
      {
        onSuccess: (answer) => {
          const skipped = answer.skipped[0];
          if (skipped) {
            toastError(new Error(skipped.reason), 'The message was not queued');
            return;
          }
          const whose = from === me.uid ? 'your' : `${memberName(from)}’s`;
          toastSuccess(
            from === me.uid
              ? `Queued for ${name} on ${PLATFORM_NAMES[chosenPlatform]}: it goes out from ${whose} queue.`
              : `Queued for ${name}: it waits in ${whose} review queue.`,
          );
          close();
        },
        onError: (e) => toastError(e, 'The message was not queued'),
      },
    );
  };

  const memberName = (uid: string) => members.data?.find((m) => m.uid === uid)?.name ?? 'their';

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
        {/* Side by side where both fit; stacked on a phone, so neither choice is cut short. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Send on"
            data={QUEUE_PLATFORMS.map((p) => ({
              value: p,
              label: PLATFORM_NAMES[p],
              disabled: !reachable.includes(p),
            }))}
            value={chosenPlatform}
            onChange={(v) => setPlatform(v as QueuePlatform | null)}
            allowDeselect={false}
            placeholder="No profile link"
            description={
              reachable.length === 0
                ? `${name} has no Facebook, Instagram or LinkedIn profile link`
                : undefined
            }
          />
          <Select
            label="From the account of"
            data={(members.data ?? []).map((m) => ({
              value: m.uid,
              label: m.uid === me.uid ? `${m.name} (you)` : m.name,
            }))}
            value={sender ?? me.uid}
            onChange={setSender}
            allowDeselect={false}
            description={
              (sender ?? me.uid) === me.uid ? undefined : 'They review it before it goes out'
            }
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Queue it and the {PRODUCT_NAME} extension sends it, paced by your sending limits. Or copy
          it into the conversation and mark it sent to log it on the timeline.
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
            variant="default"
            onClick={markSent}
            loading={logSent.isPending}
            disabled={!text.trim()}
            leftSection={<IconMessage2 size={16} />}
          >
            Mark as sent
          </Button>
          <Button
            onClick={queueIt}
            loading={queue.isPending}
            disabled={!text.trim() || !chosenPlatform}
            leftSection={<IconSend size={16} />}
          >
            Queue message
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
