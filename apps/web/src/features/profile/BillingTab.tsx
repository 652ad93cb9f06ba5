import {
  Alert,
  Badge,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCreditCard, IconMinus } from '@tabler/icons-react';
import { StateMessage } from '../../ui/StateMessage';
import { useBilling } from './api';
import { QueryError } from '../../ui/QueryError';
import { useProfileTeamUID } from './currentTeam';
import {
  capitalize,
  featureRows,
  formatDate,
  formatUsage,
  platformRows,
  statusColor,
  statusLabel,
  tierLabel,
  trialEndOf,
  usageColor,
  usagePercent,
} from './format';
import type { BillingAnswer } from './types';

export function BillingTab() {
  const teamUID = useProfileTeamUID();
  if (!teamUID) {
    return (
      <StateMessage icon={<IconCreditCard size={24} />} title="No team, no plan">
        Plans belong to teams. Accept an invitation to join one.
      </StateMessage>
    );
  }
  return <Billing teamUID={teamUID} />;
}

function Billing({ teamUID }: { teamUID: string }) {
  const billing = useBilling(teamUID);
  if (billing.isPending) return <BillingSkeleton />;
  if (billing.isError) {
    return <QueryError title="Couldn't load your plan" query={billing} />;
  }
  return <BillingView billing={billing.data} />;
}

function BillingSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the plan">
      <Skeleton height={96} />
      <Skeleton height={150} />
      <Skeleton height={120} />
    </Stack>
  );
}

const USAGE_ROWS = [
  { key: 'contacts', label: 'Contacts' },
  { key: 'seats', label: 'Seats' },
  { key: 'pipelines', label: 'Pipelines' },
] as const;

export function BillingView({ billing }: { billing: BillingAnswer }) {
  const sub = billing.subscription;
  const trialEnd = trialEndOf(sub);
  const planName = sub ? tierLabel(sub.tier) : 'No plan';
  return (
    <Stack gap="md">
      {!billing.allowsUse && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="Your subscription is not active"
        >
          While the plan is {statusLabel(billing.status).toLowerCase()}, the team cannot use
          Leadloom. Contact Leadloom support to renew it.
        </Alert>
      )}

      <Paper p="md" aria-labelledby="plan-title">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Plan
            </Text>
            <Group gap="sm" align="center">
              <Title order={2} size="h2" id="plan-title">
                {planName}
              </Title>
              <Badge color={statusColor(billing.status)} size="lg" aria-label="Subscription status">
                {statusLabel(billing.status)}
              </Badge>
            </Group>
            {trialEnd !== null && (
              <Text size="sm" c="dimmed" mt={4}>
                {billing.status === 'trialing' ? 'Trial ends' : 'Trial ended'}{' '}
                {formatDate(trialEnd)}
              </Text>
            )}
          </div>
          <Text size="sm" c="dimmed" maw={320}>
            Plans are changed by Leadloom support for now. Online payment is coming.
          </Text>
        </Group>
      </Paper>

      <Paper p="md" aria-labelledby="usage-title">
        <Title order={2} size="h3" id="usage-title" mb="sm">
          Limits and usage
        </Title>
        <Stack gap="sm">
          {USAGE_ROWS.map(({ key, label }) => {
            const used = billing.usage[key];
            const limit = billing.limits[key];
            return (
              <div key={key}>
                <Group justify="space-between" mb={4}>
                  <Text size="sm" fw={500} id={`usage-${key}`}>
                    {label}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatUsage(used, limit)}
                  </Text>
                </Group>
                <Progress
                  value={usagePercent(used, limit)}
                  color={usageColor(used, limit)}
                  size="md"
                  aria-labelledby={`usage-${key}`}
                />
              </div>
            );
          })}
        </Stack>
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper p="md" aria-labelledby="platforms-title">
          <Title order={2} size="h3" id="platforms-title" mb="sm">
            Platforms
          </Title>
          <Stack gap="xs">
            {platformRows(sub).map((row) => (
              <Group key={row.platform} justify="space-between">
                <Text size="sm">{row.label}</Text>
                {row.level ? (
                  <Badge color={row.level === 'pro' ? 'loom' : 'gray'}>
                    {capitalize(row.level)}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Not included
                  </Text>
                )}
              </Group>
            ))}
          </Stack>
        </Paper>
        <Paper p="md" aria-labelledby="features-title">
          <Title order={2} size="h3" id="features-title" mb="sm">
            Features
          </Title>
          <Stack gap={6}>
            {featureRows(billing.features).map((feature) => (
              <Group key={feature.name} gap="xs" wrap="nowrap">
                <ThemeIcon
                  size={18}
                  radius="xl"
                  variant="light"
                  color={feature.enabled ? 'green' : 'gray'}
                >
                  {feature.enabled ? <IconCheck size={12} /> : <IconMinus size={12} />}
                </ThemeIcon>
                <Text size="sm" c={feature.enabled ? undefined : 'dimmed'}>
                  {feature.label}
                  <VisuallyHidden>
                    {feature.enabled ? ' (included)' : ' (not included)'}
                  </VisuallyHidden>
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
