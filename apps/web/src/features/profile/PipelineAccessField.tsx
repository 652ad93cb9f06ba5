import { Alert, Checkbox, Divider, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import type { PipelineOption } from './types';

/**
 * The pipelines a member may see (DESIGN §4), chosen in place: "All pipelines" or some of them.
 * It opens no dropdown, so nothing covers the dialog's buttons; choosing none warns first.
 */
export function PipelineAccessField({
  pipelines,
  value,
  onChange,
}: {
  pipelines: readonly PipelineOption[];
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const labelId = useId();
  const chosen = new Set(value);
  const every = pipelines.length > 0 && pipelines.every((p) => chosen.has(p.groupUID));
  const some = !every && pipelines.some((p) => chosen.has(p.groupUID));
  const none = !every && !some;
  const toggle = (groupUID: string, on: boolean) =>
    onChange(
      pipelines.map((p) => p.groupUID).filter((uid) => (uid === groupUID ? on : chosen.has(uid))),
    );

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} component="div">
        Pipelines
      </Text>
      {pipelines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Your team has no pipelines yet. Give access here once you have created some.
        </Text>
      ) : (
        <Paper withBorder radius="md" px="sm" py="xs">
          <Checkbox
            label="All pipelines"
            checked={every}
            indeterminate={some}
            onChange={() => onChange(every ? [] : pipelines.map((p) => p.groupUID))}
            styles={{ label: { fontWeight: 500 } }}
          />
          <Divider my={8} />
          <ScrollArea.Autosize mah={168} type="auto" offsetScrollbars>
            <Stack gap={8} pl="lg">
              {pipelines.map((p) => (
                <Checkbox
                  key={p.groupUID}
                  label={p.nickName}
                  checked={chosen.has(p.groupUID)}
                  onChange={(e) => toggle(p.groupUID, e.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      )}
      {none && pipelines.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={16} />}
          title="No pipelines chosen"
          p="xs"
        >
          They will see no board until an owner or admin gives them a pipeline. Until then they see
          only contacts that are in no pipeline.
        </Alert>
      )}
    </Stack>
  );
}
