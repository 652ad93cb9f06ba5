import { Box, Tabs, Title } from '@mantine/core';
import { adminRedirect, SUPER_PERMISSION } from '@leadloom/core';
import {
  IconBell,
  IconBuildingCommunity,
  IconChartBar,
  IconFlag,
  IconMail,
  IconRocket,
  IconSpeakerphone,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { AppVersionTab } from '../notices/admin/AppVersionTab';
import { NotificationsTab } from '../notices/admin/NotificationsTab';
import { useCurrentUser } from '../session/CurrentUser';
import type { Me } from '../session/me';
import { AnalyticsTab } from './AnalyticsTab';
import { AnnouncementsTab } from './AnnouncementsTab';
import { FlagsTab } from './FlagsTab';
import { MailTab } from './MailTab';
import { TeamsTab } from './TeamsTab';
import { UsersTab } from './UsersTab';
import { VideosTab } from './VideosTab';

export const ADMIN_TABS = [
  'users',
  'teams',
  'mail',
  'flags',
  'videos',
  'announcements',
  'analytics',
  'notifications',
  'app-version',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The "super" permission as core reads it, from GET /api/me's isSuper. */
export function superPermissions(me: Pick<Me, 'isSuper'>): string[] {
  return me.isSuper === true ? [SUPER_PERMISSION] : [];
}

/** /admin/:tab? — super admins only (SPEC §2); everyone else goes to the pipeline. */
export function AdminPage() {
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const { tab } = useParams();
  const navigate = useNavigate();
  const redirect = adminRedirect(pathname, superPermissions(me));
  if (redirect) return <Navigate to={redirect} replace />;
  if (tab !== undefined && !(ADMIN_TABS as readonly string[]).includes(tab))
    return <Navigate to="/admin/users" replace />;
  const current = (tab ?? 'users') as AdminTab;

  return (
    <Box px="lg" py="md">
      <Title order={1} size="h2" mb="sm">
        Admin
      </Title>
      <Tabs
        value={current}
        onChange={(next) => next && void navigate(`/admin/${next}`)}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="users" leftSection={<IconUsers size={16} stroke={1.6} />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab value="teams" leftSection={<IconBuildingCommunity size={16} stroke={1.6} />}>
            Teams
          </Tabs.Tab>
          <Tabs.Tab value="mail" leftSection={<IconMail size={16} stroke={1.6} />}>
            Mail
          </Tabs.Tab>
          <Tabs.Tab value="flags" leftSection={<IconFlag size={16} stroke={1.6} />}>
            Feature flags
          </Tabs.Tab>
          <Tabs.Tab value="videos" leftSection={<IconVideo size={16} stroke={1.6} />}>
            Training videos
          </Tabs.Tab>
          <Tabs.Tab value="announcements" leftSection={<IconSpeakerphone size={16} stroke={1.6} />}>
            Announcements
          </Tabs.Tab>
          <Tabs.Tab value="analytics" leftSection={<IconChartBar size={16} stroke={1.6} />}>
            Analytics
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} stroke={1.6} />}>
            Notifications
          </Tabs.Tab>
          <Tabs.Tab value="app-version" leftSection={<IconRocket size={16} stroke={1.6} />}>
            App version
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="teams">
          <TeamsTab />
        </Tabs.Panel>
        <Tabs.Panel value="mail">
          <MailTab />
        </Tabs.Panel>
        <Tabs.Panel value="flags">
          <FlagsTab />
        </Tabs.Panel>
        <Tabs.Panel value="videos">
          <VideosTab />
        </Tabs.Panel>
        <Tabs.Panel value="announcements">
          <AnnouncementsTab />
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <AnalyticsTab />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="app-version">
          <AppVersionTab />
        </Tabs.Panel>
      </Tabs>
    </Box>
  );
}
