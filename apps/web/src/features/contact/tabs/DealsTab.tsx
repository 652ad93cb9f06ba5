import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { toastError, toastSuccess } from '../../../ui/toast';
import { useCurrentUser } from '../../session/CurrentUser';
import { formatDateTime, userTimeZone } from '../activity';
import { useAddDeal, useDeleteDeal, useEditDeal, type DealInput } from '../api';
import { dealTotals, formatMoney } from '../deals';
import type { ContactPipeline, Deal, DealStatus } from '../types';
import type { TabProps } from './props';
import { FormActions } from '../../../ui/FormActions';

const STATUS_COLOR: Record<DealStatus, string> = { open: 'blue', won: 'green', lost: 'red' };
const STATUS_LABEL: Record<DealStatus, string> = { open: 'Open', won: 'Won', lost: 'Lost' };
const CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CAD',
  'AUD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'JPY',
  'INR',
  'BRL',
  'MXN',
];

export function DealsTab({ teamUID, data, selected }: TabProps) {
  const [editing, setEditing] = useState<{ pipeline: ContactPipeline; deal: Deal | null } | null>(
    null,
  );
  const allDeals = data.pipelines.flatMap((p) => p.deals);
  const totals = dealTotals(allDeals);
  // The selected pipeline first, then the others in the contact's order.
  const pipelines = selected
    ? [selected, ...data.pipelines.filter((p) => p.groupUID !== selected.groupUID)]
    : data.pipelines;

  if (data.pipelines.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="lg" ta="center">
        Deals belong to a pipeline. Add this contact to a pipeline first.
      </Text>
    );
  }

  return (
    <Stack gap="md">
      {totals.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {totals.map((t) => (
            <Paper key={t.currency} withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {t.currency} · {t.count} {t.count === 1 ? 'deal' : 'deals'}
              </Text>
              <Group gap="lg" mt={4}>
                <Total label="Open" value={formatMoney(t.open, t.currency)} />
                <Total label="Won" value={formatMoney(t.won, t.currency)} color="green" />
                {t.lost > 0 && (
                  <Total label="Lost" value={formatMoney(t.lost, t.currency)} dimmed />
                )}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {pipelines.map((pipeline) => (
        <Paper key={pipeline.groupUID} withBorder radius="md">
          <Group justify="space-between" px="sm" py="xs">
            <Title order={3} size="h5">
              {pipeline.nickName}
            </Title>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} />}
              onClick={() => setEditing({ pipeline, deal: null })}
            >
              Add deal
            </Button>
          </Group>
          {pipeline.deals.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" pb="sm">
              No deals in {pipeline.nickName} yet.
            </Text>
          ) : (
            <DealTable
              teamUID={teamUID}
              GTID={data.contact.GTID}
              deals={pipeline.deals}
              onEdit={(deal) => setEditing({ pipeline, deal })}
            />
          )}
        </Paper>
      ))}
      {editing && (
        <DealModal
          teamUID={teamUID}
          GTID={data.contact.GTID}
          pipeline={editing.pipeline}
          deal={editing.deal}
          defaultCurrency={allDeals[0]?.currency ?? 'USD'}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function Total({
  label,
  value,
  color,
  dimmed,
}: {
  label: string;
  value: string;
  color?: string;
  dimmed?: boolean;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} c={dimmed ? 'dimmed' : color}>
        {value}
      </Text>
    </div>
  );
}

function DealTable({
  teamUID,
  GTID,
  deals,
  onEdit,
}: {
  teamUID: string;
  GTID: string;
  deals: Deal[];
  onEdit: (deal: Deal) => void;
}) {
  const me = useCurrentUser();
  const timeZone = userTimeZone(me.timeZone);
  const remove = useDeleteDeal(teamUID, GTID);
  const [deleting, setDeleting] = useState<Deal | null>(null);
  return (
    <>
      <Table verticalSpacing={6} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Deal</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th w={72} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deals.map((deal) => (
            <Table.Tr key={deal.dealUID}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {deal.name}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(Number(deal.value), deal.currency)}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[deal.status] ?? 'gray'} variant="light" size="sm">
                  {STATUS_LABEL[deal.status] ?? deal.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {formatDateTime(deal.createdAt, timeZone)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap" justify="flex-end">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="sm"
                      aria-label={`Edit deal ${deal.name}`}
                      onClick={() => onEdit(deal)}
                    >
                      <IconPencil size={14} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={`Delete deal ${deal.name}`}
                      onClick={() => setDeleting(deal)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete the deal ${deleting?.name ?? ''}?`}
        confirmLabel="Delete deal"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.dealUID, {
            onSuccess: () => {
              toastSuccess(`Deal ${deleting.name} deleted.`);
              setDeleting(null);
            },
            onError: (error) => toastError(error, 'Could not delete the deal'),
          })
        }
      >
        {deleting &&
          `${deleting.name} (${formatMoney(Number(deleting.value), deleting.currency)}) goes for good.`}
      </ConfirmModal>
    </>
  );
}

function DealModal({
  teamUID,
  GTID,
  pipeline,
  deal,
  defaultCurrency,
  onClose,
}: {
  teamUID: string;
  GTID: string;
  pipeline: ContactPipeline;
  deal: Deal | null;
  defaultCurrency: string;
  onClose: () => void;
}) {
  const add = useAddDeal(teamUID, GTID);
  const edit = useEditDeal(teamUID, GTID);
  const [name, setName] = useState(deal?.name ?? '');
  const [value, setValue] = useState<number | string>(deal ? Number(deal.value) : '');
  const [currency, setCurrency] = useState(deal?.currency ?? defaultCurrency);
  const [status, setStatus] = useState<DealStatus>(deal?.status ?? 'open');
  const [errors, setErrors] = useState<{ name?: string; value?: string; currency?: string }>({});
  const pending = add.isPending || edit.isPending;
  const serverError = add.error ?? edit.error;
  const serverField = isApiError(serverError) ? serverError.field : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = typeof value === 'number' ? value : Number.parseFloat(value);
    const next: typeof errors = {};
    if (!name.trim()) next.name = 'Name the deal';
    if (!Number.isFinite(amount) || amount < 0) next.value = 'Enter an amount of 0 or more';
    if (!/^[A-Z]{3}$/.test(currency)) next.currency = 'Pick a three-letter currency code';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body: DealInput = { name: name.trim(), value: amount, currency, status };
    const done = {
      onSuccess: () => {
        toastSuccess(deal ? 'Deal saved.' : `Deal added to ${pipeline.nickName}.`);
        onClose();
      },
    };
    if (deal) edit.mutate({ dealUID: deal.dealUID, deal: body }, done);
    else add.mutate({ groupUID: pipeline.groupUID, deal: body }, done);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={deal ? `Edit deal ${deal.name}` : `New deal in ${pipeline.nickName}`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name ?? (serverField === 'name' ? serverError?.message : undefined)}
            required
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Value"
              value={value}
              onChange={setValue}
              min={0}
              decimalScale={2}
              thousandSeparator=","
              error={errors.value ?? (serverField === 'value' ? serverError?.message : undefined)}
              required
            />
            <Select
              label="Currency"
              data={[...new Set([currency, ...CURRENCIES])]}
              value={currency}
              onChange={(c) => c && setCurrency(c)}
              searchable
              allowDeselect={false}
              error={
                errors.currency ?? (serverField === 'currency' ? serverError?.message : undefined)
              }
            />
          </Group>
          <div>
            <Text size="sm" fw={500} mb={4}>
              Status
            </Text>
            <SegmentedControl
              fullWidth
              value={status}
              onChange={(s) => setStatus(s as DealStatus)}
              data={(['open', 'won', 'lost'] as const).map((s) => ({
                value: s,
                label: STATUS_LABEL[s],
              }))}
            />
          </div>
          {serverError && !serverField && (
            <Text size="sm" c="red" role="alert">
              {serverError.message}
            </Text>
          )}
          <FormActions onCancel={onClose} loading={pending} mt="xs">
            {deal ? 'Save deal' : 'Add deal'}
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
