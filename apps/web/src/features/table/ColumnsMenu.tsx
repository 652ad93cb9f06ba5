import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconColumns } from '@tabler/icons-react';
import {
  COLUMN_LABELS,
  DEFAULT_LAYOUT,
  PIPELINE_COLUMNS,
  moveColumn,
  type ColumnLayout,
} from './tableState';

/** Choose and order the columns (headers can also be dragged and resized). */
export function ColumnsMenu({
  layout,
  onChange,
  hasPipeline,
}: {
  layout: ColumnLayout;
  onChange: (layout: ColumnLayout) => void;
  hasPipeline: boolean;
}) {
  return (
    <Popover position="bottom-end" shadow="md" width={280} withinPortal>
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<IconColumns size={14} stroke={1.6} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={2}>
          {layout.order.map((id, i) => {
            const pipelineOnly = PIPELINE_COLUMNS.includes(id);
            return (
              <Group key={id} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  size="xs"
                  label={
                    <Text size="sm" span c={pipelineOnly && !hasPipeline ? 'dimmed' : undefined}>
                      {COLUMN_LABELS[id]}
                      {pipelineOnly ? ' (pipeline)' : ''}
                    </Text>
                  }
                  checked={!layout.hidden.includes(id)}
                  disabled={id === 'name'}
                  onChange={(e) =>
                    onChange({
                      ...layout,
                      hidden: e.currentTarget.checked
                        ? layout.hidden.filter((h) => h !== id)
                        : [...layout.hidden, id],
                    })
                  }
                />
                <Group gap={0} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={`Move ${COLUMN_LABELS[id]} left`}
                    disabled={i === 0}
                    onClick={() => onChange(moveColumn(layout, id, -1))}
                  >
                    <IconChevronUp size={14} />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    aria-label={`Move ${COLUMN_LABELS[id]} right`}
                    disabled={i === layout.order.length - 1}
                    onClick={() => onChange(moveColumn(layout, id, 1))}
                  >
                    <IconChevronDown size={14} />
                  </ActionIcon>
                </Group>
              </Group>
            );
          })}
          <Text size="xs" c="dimmed" mt={6}>
            Drag a header to move it, its edge to resize (double-click resets).
          </Text>
          <Button
            size="xs"
            variant="subtle"
            mt={4}
            onClick={() => onChange({ ...DEFAULT_LAYOUT, order: [...DEFAULT_LAYOUT.order] })}
          >
            Reset columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
