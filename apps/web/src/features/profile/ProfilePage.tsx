import { Box, Tabs, Title } from '@mantine/core';
import { IconCreditCard, IconUser, IconUsersGroup } from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { AccountTab } from './AccountTab';
import { BillingTab } from './BillingTab';
import { TeamTab } from './TeamTab';

export const PROFILE_TABS = ['account', 'team', 'billing'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

function isProfileTab(value: string | undefined): value is ProfileTab {
  return (PROFILE_TABS as readonly (string | undefined)[]).includes(value);
}

/** /profile/:tab?/:version? — account, team and billing; the tab lives in the URL. */
export function ProfilePage() {
  const { tab } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  if (tab !== undefined && !isProfileTab(tab)) return <Navigate to="/profile/account" replace />;
  const current: ProfileTab = tab ?? 'account';

  return (
    <Box maw={1080} px="lg" py="md">
      <Title order={1} size="h2" mb="sm">
        Profile
      </Title>
      <Tabs
        value={current}
        onChange={(next) => {
          // The invite code belongs to the team tab; other tabs drop the query.
          if (next) void navigate(`/profile/${next}${next === 'team' ? search : ''}`);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="account" leftSection={<IconUser size={16} stroke={1.6} />}>
            Account
          </Tabs.Tab>
          <Tabs.Tab value="team" leftSection={<IconUsersGroup size={16} stroke={1.6} />}>
            Team
          </Tabs.Tab>
          <Tabs.Tab value="billing" leftSection={<IconCreditCard size={16} stroke={1.6} />}>
            Billing
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="account">
          <AccountTab />
        </Tabs.Panel>
        <Tabs.Panel value="team">
          <TeamTab />
        </Tabs.Panel>
        <Tabs.Panel value="billing">
          <BillingTab />
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
