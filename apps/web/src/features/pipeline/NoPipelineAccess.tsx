import { Anchor, Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { StateMessage } from '../../ui/StateMessage';
import { useMembers } from '../profile/api';
import type { TeamMember } from '../profile/types';

/** Owners first, then admins, each once: the people who can give a member a pipeline. */
export function accessGranters(members: readonly TeamMember[]): TeamMember[] {
  const rank = (m: TeamMember) => (m.role === 'owner' ? 0 : 1);
  return members
    .filter((m) => m.role === 'owner' || m.role === 'admin')
    .sort((a, b) => rank(a) - rank(b));
}

/**
 * What a member who sees no pipeline gets instead of "Create a pipeline" (which they cannot
 * do): who can give them access, and the contacts they can already open.
 */
export function NoPipelineAccess({ teamUID }: { teamUID: string }) {
  const members = useMembers(teamUID);
  const granters = accessGranters(members.data?.members ?? []);
  return (
    <StateMessage
      icon={<IconLock size={24} />}
      title="No pipeline shared with you yet"
      action={
        <Button component={Link} to="/contacts/table" variant="light">
          Open the contact table
        </Button>
      }
    >
      Owners and admins choose which pipelines each member sees.{' '}
      {granters.length > 0 ? (
        <>
          {granters.map((m, i) => (
            <Fragment key={m.uid}>
              {i > 0 && (i === granters.length - 1 ? ' or ' : ', ')}
              <Anchor href={`mailto:${m.email}`} inherit>
                {m.name || m.email}
              </Anchor>{' '}
              ({m.role})
            </Fragment>
          ))}{' '}
          can give you access.
        </>
      ) : (
        'Ask one of them to give you access.'
      )}
    </StateMessage>
  );
}
