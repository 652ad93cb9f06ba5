import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { isEmail, roleInTeam } from '@leadloom/core';
import {
  IconDots,
  IconMailPlus,
  IconPencil,
  IconUserMinus,
  IconUsersGroup,
  IconX,
} from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePipelines } from '../pipeline/api';
import { useCurrentUser } from '../session/CurrentUser';
import { StateMessage } from '../../ui/StateMessage';
import { relativeTime } from '../../ui/relativeTime';
import { useMembers, useTeamMutations } from './api';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { QueryError } from '../../ui/QueryError';
import { TableSkeleton } from '../../ui/Skeletons';
import { toastError, toastSuccess } from '../../ui/toast';
import { useProfileTeam, useProfileTeamUID } from './currentTeam';
import {
  capitalize,
  formatDate,
  pipelineAccessLabel,
  roleColor,
  seatsFull,
  seatsText,
} from './format';
import { InvitationPanel } from './InvitationPanel';
import { PipelineAccessField } from './PipelineAccessField';
import type { InviteRole, PipelineOption, TeamInvitation, TeamMember } from './types';
import { FormActions } from '../../ui/FormActions';

const ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
];

export function TeamTab() {
  const teamUID = useProfileTeamUID();
  const [params] = useSearchParams();
  const inviteCode = params.get('inviteCode');
  return (
    <Stack gap="md">
      {inviteCode && <InvitationPanel code={inviteCode} />}
      {teamUID ? (
        <TeamMembers teamUID={teamUID} />
      ) : (
        <StateMessage icon={<IconUsersGroup size={24} />} title="You are not in a team yet">
          Accept an invitation to join a team.
        </StateMessage>
      )}
    </Stack>
  );
}

function TeamMembers({ teamUID }: { teamUID: string }) {
  const me = useCurrentUser();
  const team = useProfileTeam();
  const members = useMembers(teamUID);
  const pipelines = usePipelines(teamUID);
  const pipelineOptions: PipelineOption[] = pipelines.data ?? [];
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const mutations = useTeamMutations(teamUID);

  if (members.isPending) {
    return (
      <Paper p="md">
        <TableSkeleton columns={5} />
      </Paper>
    );
  }
  if (members.isError) {
    return <QueryError title="Couldn't load your team" query={members} />;
  }

  const { seats } = members.data;
  const role = roleInTeam(members.data.members, me.uid) ?? team?.role ?? 'member';
  const canManage = role === 'owner' || role === 'admin';
  const full = seatsFull(seats);
  const pending = members.data.invitations.filter((i) => i.status === 'pending');

  return (
    <Stack gap="md">
      <Paper p={0} aria-labelledby="members-title">
        <Group justify="space-between" p="md" pb="sm" wrap="wrap" gap="sm">
          <div>
            <Title order={2} size="h3" id="members-title">
              Members
            </Title>
            <Text size="sm" c="dimmed" data-testid="seats">
              {seatsText(seats)}
            </Text>
          </div>
          {canManage && (
            <Group gap="sm" wrap="nowrap">
              {full && (
                <Text size="sm" c="dimmed" maw={320} id="seats-full-hint">
                  {seats.quota === 0
                    ? 'Your plan has no seats besides the owner’s. Leadloom support can add seats.'
                    : 'All seats are taken. Remove a member or revoke an invitation to invite someone else.'}
                </Text>
              )}
              <Button
                leftSection={<IconMailPlus size={16} stroke={1.6} />}
                onClick={() => setInviting(true)}
                disabled={full}
                aria-describedby={full ? 'seats-full-hint' : undefined}
              >
                Invite member
              </Button>
            </Group>
          )}
        </Group>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" stickyHeader highlightOnHover aria-label="Team members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Pipeline access</Table.Th>
                <Table.Th>Joined</Table.Th>
                {canManage && (
                  <Table.Th w={48}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.members.map((member) => (
                <Table.Tr key={member.uid}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar name={member.name || member.email} color="initials" size={24} />
                      <Text size="sm" fw={500}>
                        {member.name || '—'}
                        {member.uid === me.uid && (
                          <Text span c="dimmed" size="sm">
                            {' '}
                            (you)
                          </Text>
                        )}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{member.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={roleColor(member.role)}>{capitalize(member.role)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={member.pipelines === 'all' ? 'dimmed' : undefined}>
                      {pipelineAccessLabel(member.pipelines, pipelineOptions)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatDate(member.joinedAt)}
                    </Text>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      {member.role !== 'owner' && member.uid !== me.uid && (
                        <Menu>
                          <Menu.Target>
                            <ActionIcon aria-label={`Actions for ${member.name || member.email}`}>
                              <IconDots size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item
                              leftSection={<IconPencil size={14} />}
                              onClick={() => setEditing(member)}
                            >
                              Change role and access
                            </Menu.Item>
                            <Menu.Item
                              color="red"
                              leftSection={<IconUserMinus size={14} />}
                              onClick={() => setRemoving(member)}
                            >
                              Remove from team
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!canManage && (
          <Text size="xs" c="dimmed" p="md" pt="xs">
            Only the team owner and admins can change members.
          </Text>
        )}
      </Paper>

      {canManage && (
        <InvitationsTable
          invitations={pending}
          pipelines={pipelineOptions}
          onRevoke={(invitation) => {
            // Owners and admins, the only ones shown this table, are sent every invite code.
            if (!invitation.inviteCode) return;
            mutations.revoke.mutate(invitation.inviteCode, {
              onSuccess: () => toastSuccess(`The invitation to ${invitation.email} is revoked.`),
              onError: (error) => toastError(error, 'Could not revoke the invitation'),
            });
          }}
          revoking={mutations.revoke.isPending ? mutations.revoke.variables : null}
        />
      )}

      <InviteModal
        opened={inviting}
        onClose={() => setInviting(false)}
        pipelines={pipelineOptions}
        teamUID={teamUID}
      />
      {editing && (
        <EditMemberModal
          key={editing.uid}
          member={editing}
          pipelines={pipelineOptions}
          teamUID={teamUID}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove from team?"
        confirmLabel="Remove"
        loading={mutations.removeMember.isPending}
        onConfirm={() => {
          if (!removing) return;
          mutations.removeMember.mutate(removing.uid, {
            onSuccess: () => {
              toastSuccess(`${removing.name || removing.email} is removed from the team.`);
              setRemoving(null);
            },
            onError: (error) => toastError(error, 'Could not remove the member'),
          });
        }}
      >
        {removing
          ? `${removing.name || removing.email} (${removing.email}) loses access to this team and its contacts. Their seat becomes free.`
          : ''}
      </ConfirmModal>
    </Stack>
  );
}

function InvitationsTable({
  invitations,
  pipelines,
  onRevoke,
  revoking,
}: {
  invitations: TeamInvitation[];
  pipelines: PipelineOption[];
  onRevoke: (invitation: TeamInvitation) => void;
  revoking: string | null | undefined;
}) {
  return (
    <Paper p={0} aria-labelledby="invitations-title">
      <Title order={2} size="h3" id="invitations-title" p="md" pb="sm">
        Pending invitations
      </Title>
      {invitations.length === 0 ? (
        <Text size="sm" c="dimmed" px="md" pb="md">
          No pending invitations.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" stickyHeader aria-label="Pending invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Pipeline access</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th w={100}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.map((invitation) => (
                <Table.Tr key={invitation.inviteCode}>
                  <Table.Td>
                    <Text size="sm">{invitation.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={roleColor(invitation.role)}>{capitalize(invitation.role)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {pipelineAccessLabel(
                        invitation.role === 'admin' ? 'all' : invitation.pipelines,
                        pipelines,
                      )}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {formatDate(invitation.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={formatDate(invitation.expiresAt)}>
                      <Text size="sm" c="dimmed">
                        {relativeTime(invitation.expiresAt)}
                      </Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconX size={14} />}
                      onClick={() => onRevoke(invitation)}
                      loading={revoking === invitation.inviteCode}
                      aria-label={`Revoke invitation to ${invitation.email}`}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function InviteModal({
  opened,
  onClose,
  pipelines,
  teamUID,
}: {
  opened: boolean;
  onClose: () => void;
  pipelines: PipelineOption[];
  teamUID: string;
}) {
  const { invite } = useTeamMutations(teamUID);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('member');
  // Untouched, an invitation gives every pipeline there is (DESIGN §4).
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? pipelines.map((p) => p.groupUID);
  const [emailError, setEmailError] = useState<string | null>(null);

  const close = () => {
    invite.reset();
    setEmail('');
    setRole('member');
    setChosen(null);
    setEmailError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!isEmail(trimmed)) {
      setEmailError('Enter an e-mail address');
      return;
    }
    setEmailError(null);
    invite.mutate(
      { email: trimmed, role, pipelines: role === 'admin' ? [] : selected },
      {
        onSuccess: () => {
          toastSuccess(`An invitation is on its way to ${trimmed}.`);
          close();
        },
      },
    );
  };

  const serverError = invite.error;
  const fieldError =
    serverError && 'field' in serverError && serverError.field === 'email'
      ? serverError.message
      : null;

  return (
    <Modal opened={opened} onClose={close} title="Invite a member" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError ?? fieldError}
            data-autofocus
            aria-required
          />
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            onChange={(value) => value && setRole(value as InviteRole)}
            description={
              role === 'admin'
                ? 'Admins see every pipeline and can manage the team.'
                : 'Members see the pipelines you pick below.'
            }
          />
          {role === 'member' && (
            <PipelineAccessField pipelines={pipelines} value={selected} onChange={setChosen} />
          )}
          {serverError && !fieldError && (
            <Alert color="red" variant="light" role="alert">
              {serverError.message}
            </Alert>
          )}
          <FormActions onCancel={close} loading={invite.isPending} mt="xs">
            Send invitation
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}

function EditMemberModal({
  member,
  pipelines,
  teamUID,
  onClose,
}: {
  member: TeamMember;
  pipelines: PipelineOption[];
  teamUID: string;
  onClose: () => void;
}) {
  const { updateMember } = useTeamMutations(teamUID);
  const [role, setRole] = useState<InviteRole>(member.role === 'admin' ? 'admin' : 'member');
  const [selected, setSelected] = useState<string[]>(
    member.pipelines === 'all' ? pipelines.map((p) => p.groupUID) : member.pipelines,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    updateMember.mutate(
      { uid: member.uid, patch: role === 'admin' ? { role } : { role, pipelines: selected } },
      {
        onSuccess: () => {
          toastSuccess(`${member.name || member.email} is updated.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Role and access of ${member.name || member.email}`}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Select
            label="Role"
            data={ROLE_OPTIONS}
            value={role}
            onChange={(value) => value && setRole(value as InviteRole)}
            data-autofocus
          />
          {role === 'member' ? (
            <PipelineAccessField pipelines={pipelines} value={selected} onChange={setSelected} />
          ) : (
            <Text size="sm" c="dimmed">
              Admins see every pipeline.
            </Text>
          )}
          {updateMember.error && (
            <Alert color="red" variant="light" role="alert">
              {updateMember.error.message}
            </Alert>
          )}
          <FormActions onCancel={onClose} loading={updateMember.isPending} mt="xs">
            Save
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
