import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { IconMail, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { StateMessage } from '../../ui/StateMessage';
import { QueryError } from '../../ui/QueryError';
import { TableSkeleton } from '../../ui/Skeletons';
import { formatDateTime, statusLabel } from '../profile/format';
import { MAIL_LIMIT, useMail } from './api';
import { splitLinks } from './linkify';
import type { MailMessage } from './types';

function mailStatusColor(status: string): string {
  if (status === 'sent' || status === 'delivered') return 'green';
  if (status === 'failed' || status === 'error') return 'red';
  return 'gray';
}

export function MailTab() {
  const mail = useMail();
  const [open, setOpen] = useState<MailMessage | null>(null);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          The last {MAIL_LIMIT} messages Leadloom sent, newest first.
        </Text>
        <Button
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void mail.refetch()}
          loading={mail.isFetching && !mail.isPending}
        >
          Refresh
        </Button>
      </Group>
      <Paper p={0}>
        {mail.isPending ? (
          <TableSkeleton columns={5} />
        ) : mail.isError ? (
          <QueryError title="Couldn't load the mail" query={mail} />
        ) : mail.data.messages.length === 0 ? (
          <StateMessage icon={<IconMail size={24} />} title="No mail yet">
            Invitations and password resets show up here once they are sent.
          </StateMessage>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="xs" stickyHeader highlightOnHover aria-label="Outgoing mail">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Time</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mail.data.messages.map((message) => (
                  <Table.Tr
                    key={message.id}
                    onClick={() => setOpen(message)}
                    style={{ cursor: 'pointer' }}
                  >
                    <Table.Td>
                      <Text size="sm">{message.to}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        ta="left"
                        onClick={(e) => {
                          e.stopPropagation();
                          setOpen(message);
                        }}
                      >
                        {message.subject || '(no subject)'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge color="gray" variant="outline">
                        {message.kind}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={mailStatusColor(message.status)}>
                        {statusLabel(message.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(message.sentAt ?? message.createdAt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.subject || '(no subject)'}
        size="lg"
      >
        {open && <MailDetail message={open} />}
      </Modal>
    </Stack>
  );
}

function MailDetail({ message }: { message: MailMessage }) {
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text size="sm">
          <Text span c="dimmed">
            To:{' '}
          </Text>
          {message.to}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Kind:{' '}
          </Text>
          {message.kind} ·{' '}
          <Text span c="dimmed">
            Status:{' '}
          </Text>
          {statusLabel(message.status)} ·{' '}
          <Text span c="dimmed">
            Created:{' '}
          </Text>
          {formatDateTime(message.createdAt)}
          {message.sentAt ? ` · sent ${formatDateTime(message.sentAt)}` : ''}
        </Text>
        {message.error && (
          <Text size="sm" c="red">
            {message.error}
          </Text>
        )}
      </Stack>
      <Paper p="sm" bg="var(--mantine-color-default-hover)">
        <Text
          size="sm"
          component="div"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="mail-text"
        >
          {splitLinks(message.text ?? '').map((part, i) =>
            part.kind === 'link' ? (
              <Anchor key={i} href={part.value} target="_blank" rel="noreferrer noopener">
                {part.value}
              </Anchor>
            ) : part.kind === 'masked' ? (
              <Text
                key={i}
                span
                inherit
                c="dimmed"
                title="The secret of this link is only in the recipient's mail"
              >
                {part.value}
              </Text>
            ) : (
              <span key={i}>{part.value}</span>
            ),
          )}
        </Text>
      </Paper>
    </Stack>
  );
}
