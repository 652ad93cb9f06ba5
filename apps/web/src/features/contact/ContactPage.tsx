import { Box, Button, Group, Paper, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconUserQuestion } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../lib/api';
import { StateMessage } from '../../ui/StateMessage';
import { useCurrentTeam } from '../session/CurrentUser';
import { useContact } from './api';
import { useRememberContact } from '../palette/useRememberContact';
import { ContactHeader } from './ContactHeader';
import { ActivityTab } from './tabs/ActivityTab';
import { AnswersTab } from './tabs/AnswersTab';
import { DealsTab } from './tabs/DealsTab';
import { DetailsTab } from './tabs/DetailsTab';
import { NotesTab } from './tabs/NotesTab';
import { ContactTasksTab } from '../tasks/ContactTasksTab';
import type { TabProps } from './tabs/props';
import {
  CONTACT_TABS,
  DEFAULT_CONTACT_TAB,
  contactPath,
  isContactTab,
  type ContactTab,
} from './tabs';

const PANELS: Record<ContactTab, ComponentType<TabProps>> = {
  activity: ActivityTab,
  notes: NotesTab,
  tasks: ContactTasksTab,
  deals: DealsTab,
  answers: AnswersTab,
  details: DetailsTab,
};

/** /contact/:GTID/:tab?/:pipelineID? — everything about one contact. */
export function ContactPage() {
  const { GTID = '', tab, pipelineID } = useParams();
  const { teamUID } = useCurrentTeam();
  const navigate = useNavigate();
  const contact = useContact(teamUID, GTID);
  useRememberContact(teamUID, contact.data?.contact);

  if (tab !== undefined && !isContactTab(tab)) {
    return <Navigate to={contactPath(GTID, DEFAULT_CONTACT_TAB, pipelineID)} replace />;
  }
  const current: ContactTab = tab ?? DEFAULT_CONTACT_TAB;

  if (contact.isPending) return <ContactSkeleton />;
  if (contact.isError) {
    if (isApiError(contact.error) && contact.error.httpStatus === 404) {
      return (
        <StateMessage
          icon={<IconUserQuestion size={24} />}
          title="Contact not found"
          action={
            <Button component={Link} to="/contacts/pipeline" variant="light">
              Back to the pipeline
            </Button>
          }
        >
          This contact does not exist or you cannot see it.
        </StateMessage>
      );
    }
    return (
      <StateMessage
        icon={<IconAlertTriangle size={24} />}
        color="red"
        title="Couldn't load this contact"
        action={
          <Button
            variant="light"
            onClick={() => void contact.refetch()}
            loading={contact.isRefetching}
          >
            Try again
          </Button>
        }
      >
        {contact.error.message}
      </StateMessage>
    );
  }

  const data = contact.data;
  // The pipeline in the URL when the contact is in it, else its first one.
  const selected =
    data.pipelines.find((p) => p.groupUID === pipelineID) ?? data.pipelines[0] ?? null;
  const go = (nextTab: ContactTab, nextPipeline: string | null | undefined) =>
    void navigate(contactPath(GTID, nextTab, nextPipeline), { replace: true });
  const Panel = PANELS[current];

  return (
    <Box maw={1080} px="lg" py="md">
      <ContactHeader
        teamUID={teamUID}
        data={data}
        selected={selected}
        onSelectPipeline={(groupUID) => go(current, groupUID)}
      />
      <Tabs
        mt="md"
        value={current}
        onChange={(next) =>
          isContactTab(next ?? undefined) && go(next as ContactTab, selected?.groupUID)
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {CONTACT_TABS.map(({ value, label, icon: TabIcon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} stroke={1.6} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={current}>
          <Panel
            teamUID={teamUID}
            data={data}
            selected={selected}
            onSelectPipeline={(groupUID) => go(current, groupUID)}
          />
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}

function ContactSkeleton() {
  return (
    <Box maw={1080} px="lg" py="md" aria-busy="true" aria-label="Loading the contact">
      <Paper withBorder p="md" radius="md">
        <Group align="flex-start" wrap="nowrap">
          <Skeleton circle height={72} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton height={26} width="40%" />
            <Skeleton height={14} width="60%" />
            <Skeleton height={14} width="30%" />
            <Group gap="xs" mt="xs">
              <Skeleton height={30} width={200} />
              <Skeleton height={30} width={200} />
            </Group>
          </Stack>
        </Group>
      </Paper>
      <Group gap="lg" mt="lg">
        {CONTACT_TABS.map((t) => (
          <Skeleton key={t.value} height={16} width={70} />
        ))}
      </Group>
      <Stack gap="sm" mt="lg">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={44} />
        ))}
      </Stack>
    </Box>
  );
}
