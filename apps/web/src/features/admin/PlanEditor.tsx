import {
  Alert,
  Button,
  Divider,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  contactQuota,
  isAllowedSubscriptionStatus,
  memberQuota,
  QUEUE_PLATFORMS,
  TIERS,
} from '@leadloom/core';
import { useState, type FormEvent } from 'react';
import { DESCRIPTION_BELOW } from '../../ui/formLayout';
import { toastSuccess } from '../../ui/toast';
import { featureLabel, formatCount, statusLabel, tierLabel } from '../profile/format';
import type { SubscriptionData } from '../profile/types';
import { useSaveSubscription } from './api';
import {
  PLAN_STATUSES,
  PLATFORM_LEVELS,
  planFormFromSubscription,
  subscriptionFromPlanForm,
  withTierDefaults,
  type PlanForm,
  type PlatformLevel,
} from './planForm';

const TIER_OPTIONS = ([1, 2, 3, 4] as const).map((tier) => ({
  value: String(tier),
  label: tierLabel({ value: tier, name: TIERS[tier].name }),
}));

const PLATFORM_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
};

function toCount(value: string | number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** The plan form: PUT /api/admin/teams/:teamUID/subscription. */
export function PlanEditor({
  teamUID,
  subscription,
}: {
  teamUID: string;
  subscription: SubscriptionData | null;
}) {
  const [form, setForm] = useState<PlanForm>(() => planFormFromSubscription(subscription));
  const save = useSaveSubscription(teamUID);
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const preview = subscriptionFromPlanForm(form, subscription);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(preview, { onSuccess: () => toastSuccess('The plan is saved.') });
  };

  return (
    <Paper p="md" component="form" onSubmit={submit} aria-labelledby="plan-form-title">
      <Title order={3} size="h4" id="plan-form-title" mb="sm">
        Plan
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <Select
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Status"
            data={PLAN_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={form.status}
            onChange={(value) => value && set('status', value)}
            description={
              isAllowedSubscriptionStatus(form.status)
                ? 'The team can use Leadloom.'
                : 'The team is sent to billing and cannot work.'
            }
          />
          <Select
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Tier"
            data={TIER_OPTIONS}
            value={String(form.tier)}
            onChange={(value) => value && setForm((f) => withTierDefaults(f, Number(value)))}
            description="Picking a tier resets the included contacts and seats."
          />
          <NumberInput
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Included contacts"
            value={form.includedContacts}
            onChange={(v) => set('includedContacts', toCount(v))}
            min={0}
            step={1000}
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
          />
          <NumberInput
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Included seats"
            value={form.includedSeats}
            onChange={(v) => set('includedSeats', Math.max(1, toCount(v)))}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            description="Includes the owner's seat."
          />
          <NumberInput
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Add-on contact blocks"
            value={form.contactBlocks}
            onChange={(v) => set('contactBlocks', toCount(v))}
            min={0}
            step={1000}
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            description="Extra contacts on top of the included ones."
          />
          <NumberInput
            inputWrapperOrder={DESCRIPTION_BELOW}
            label="Add-on team members"
            value={form.teamMembers}
            onChange={(v) => set('teamMembers', toCount(v))}
            min={0}
            allowDecimal={false}
            allowNegative={false}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          Quotas: {formatCount(contactQuota(preview))} contacts ·{' '}
          {formatCount(memberQuota(preview))} invitable members
        </Text>

        <Divider label="Platforms" labelPosition="left" />
        <Stack gap="xs">
          {QUEUE_PLATFORMS.map((platform) => (
            <Group key={platform} justify="space-between">
              <Text size="sm" id={`platform-${platform}`}>
                {PLATFORM_LABELS[platform]}
              </Text>
              <SegmentedControl
                size="xs"
                aria-labelledby={`platform-${platform}`}
                data={PLATFORM_LEVELS.map((level) => ({
                  value: level,
                  label: level[0]!.toUpperCase() + level.slice(1),
                }))}
                value={form.platforms[platform]}
                onChange={(value) =>
                  set('platforms', { ...form.platforms, [platform]: value as PlatformLevel })
                }
              />
            </Group>
          ))}
        </Stack>

        <Divider label="Features" labelPosition="left" />
        <Switch
          label="Custom feature set"
          description="On: only the features switched on below. Off: the tier and platform levels decide."
          checked={form.customFeatures}
          onChange={(e) => set('customFeatures', e.currentTarget.checked)}
        />
        {form.customFeatures && (
          <SimpleGrid cols={2} spacing="xs">
            {Object.entries(form.features).map(([name, enabled]) => (
              <Switch
                key={name}
                size="sm"
                label={featureLabel(name)}
                checked={enabled}
                onChange={(e) =>
                  set('features', { ...form.features, [name]: e.currentTarget.checked })
                }
              />
            ))}
          </SimpleGrid>
        )}

        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              save.reset();
              setForm(planFormFromSubscription(subscription));
            }}
          >
            Reset
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save plan
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
