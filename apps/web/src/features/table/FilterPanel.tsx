import {
  Button,
  Checkbox,
  CloseButton,
  Group,
  MultiSelect,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
  type ComboboxData,
} from '@mantine/core';
import type { SearchFilter } from '@leadloom/core';
import type { ReactNode } from 'react';
import classes from './Table.module.css';
import { activeFilterCount, compactFilter, dayToISO, isoToDay } from './tableState';

export interface FilterOptions {
  stages: { value: string; label: string }[];
  tags: ComboboxData;
  labels: { value: string; label: string }[];
}

const KNOWN_SOURCES = ['facebook', 'instagram', 'linkedin', 'manual', 'import'];

type DateRange = NonNullable<SearchFilter['createdAt']>;

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function TriState({
  label,
  value,
  onChange,
}: {
  label: string;
  value: boolean | undefined;
  onChange: (v: boolean | undefined) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <SegmentedControl
        size="xs"
        aria-label={label}
        value={value === undefined ? 'any' : value ? 'yes' : 'no'}
        onChange={(v) => onChange(v === 'any' ? undefined : v === 'yes')}
        data={[
          { value: 'any', label: 'Any' },
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No' },
        ]}
      />
    </Group>
  );
}

function DateRangeInputs({
  name,
  value,
  onChange,
  emptyLabel,
}: {
  name: string;
  value: DateRange | undefined;
  onChange: (v: DateRange | undefined) => void;
  emptyLabel?: string;
}) {
  const set = (patch: Partial<DateRange>) => {
    const next = compactFilter({ createdAt: { ...value, ...patch } }).createdAt;
    onChange(next);
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" grow wrap="nowrap">
        <TextInput
          size="xs"
          type="date"
          label="From"
          aria-label={`${name} from`}
          value={isoToDay(value?.from)}
          onChange={(e) => set({ from: dayToISO(e.currentTarget.value) })}
        />
        <TextInput
          size="xs"
          type="date"
          label="To"
          aria-label={`${name} to`}
          value={isoToDay(value?.to, true)}
          onChange={(e) => set({ to: dayToISO(e.currentTarget.value, true) })}
        />
      </Group>
      {emptyLabel && (
        <Checkbox
          size="xs"
          label={emptyLabel}
          checked={value?.includeEmpty ?? false}
          onChange={(e) => set({ includeEmpty: e.currentTarget.checked || undefined })}
        />
      )}
    </Stack>
  );
}

/** The search schema's filters (core `searchFilterSchema`), as a side panel. */
export function FilterPanel({
  filter,
  onChange,
  options,
  onClose,
}: {
  filter: SearchFilter;
  onChange: (filter: SearchFilter) => void;
  options: FilterOptions;
  onClose: () => void;
}) {
  const patch = (p: Partial<SearchFilter>) => onChange(compactFilter({ ...filter, ...p }));
  const tags = (p: Partial<NonNullable<SearchFilter['tags']>>) =>
    patch({ tags: { ...filter.tags, ...p } });
  const count = activeFilterCount(filter);

  return (
    <Stack gap={0} className={classes.filterPanel} aria-label="Filters" role="region">
      <Group justify="space-between" px="md" py="xs" wrap="nowrap">
        <Title order={2} size="h5">
          Filters
        </Title>
        <Group gap={4} wrap="nowrap">
          {count > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() =>
                onChange(compactFilter({ text: filter.text, pipelineUID: filter.pipelineUID }))
              }
            >
              Clear all
            </Button>
          )}
          <CloseButton size="sm" aria-label="Close filters" onClick={onClose} />
        </Group>
      </Group>
      <ScrollArea style={{ flex: 1 }} px="md" pb="md">
        <Stack gap="md" pb="md">
          {filter.pipelineUID && (
            <Section label="Stage">
              <MultiSelect
                size="xs"
                aria-label="Stage"
                placeholder="Any stage"
                data={options.stages}
                value={filter.stageUIDs ?? []}
                onChange={(v) => patch({ stageUIDs: v })}
                searchable
                clearable
              />
            </Section>
          )}
          <Section label="Tags">
            <MultiSelect
              size="xs"
              label="Any of"
              placeholder="Any tag"
              data={options.tags}
              value={filter.tags?.any ?? []}
              onChange={(v) => tags({ any: v })}
              searchable
              clearable
            />
            <MultiSelect
              size="xs"
              label="All of"
              data={options.tags}
              value={filter.tags?.all ?? []}
              onChange={(v) => tags({ all: v })}
              searchable
              clearable
            />
            <MultiSelect
              size="xs"
              label="None of"
              data={options.tags}
              value={filter.tags?.none ?? []}
              onChange={(v) => tags({ none: v })}
              searchable
              clearable
            />
          </Section>
          <Section label="Status label">
            <MultiSelect
              size="xs"
              aria-label="Status label"
              placeholder="Any label"
              data={[{ value: 'none', label: 'No label' }, ...options.labels]}
              value={(filter.statusLabels ?? []).map((l) => l ?? 'none')}
              onChange={(v) => patch({ statusLabels: v.map((l) => (l === 'none' ? null : l)) })}
              searchable
              clearable
            />
          </Section>
          <Section label="Source">
            <TagsInput
              size="xs"
              aria-label="Source"
              placeholder="Any source"
              data={KNOWN_SOURCES}
              value={filter.sources ?? []}
              onChange={(v) => patch({ sources: v })}
              clearable
            />
          </Section>
          <Section label="Created">
            <DateRangeInputs
              name="Created"
              value={filter.createdAt}
              onChange={(v) => patch({ createdAt: v })}
            />
          </Section>
          <Section label="Last activity">
            <DateRangeInputs
              name="Last activity"
              value={filter.lastActivityAt}
              onChange={(v) => patch({ lastActivityAt: v })}
              emptyLabel="Also contacts never active"
            />
          </Section>
          <Section label="Contact details">
            <TriState
              label="Has e-mail"
              value={filter.hasEmail}
              onChange={(v) => patch({ hasEmail: v })}
            />
            <TriState
              label="Has phone"
              value={filter.hasPhone}
              onChange={(v) => patch({ hasPhone: v })}
            />
          </Section>
          <Section label="Deal value">
            <Group gap="xs" grow wrap="nowrap">
              <NumberInput
                size="xs"
                label="Min"
                aria-label="Deal value min"
                value={filter.dealValue?.min ?? ''}
                onChange={(v) =>
                  patch({
                    dealValue: { ...filter.dealValue, min: typeof v === 'number' ? v : undefined },
                  })
                }
                thousandSeparator=","
              />
              <NumberInput
                size="xs"
                label="Max"
                aria-label="Deal value max"
                value={filter.dealValue?.max ?? ''}
                onChange={(v) =>
                  patch({
                    dealValue: { ...filter.dealValue, max: typeof v === 'number' ? v : undefined },
                  })
                }
                thousandSeparator=","
              />
            </Group>
            <Text size="xs" c="dimmed">
              Open and won deals summed{filter.pipelineUID ? ' in this pipeline' : ''}.
            </Text>
          </Section>
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
