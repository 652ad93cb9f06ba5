import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Add / unsaved hint / revert / save for a list that is saved whole, plus a general error. */
export function SaveBar({
  addButton,
  dirty,
  saving,
  error,
  onRevert,
  onSave,
}: {
  addButton: ReactNode;
  dirty: boolean;
  saving: boolean;
  /** An error no row can show (no field, or a field outside the rows). */
  error: string | null;
  onRevert: () => void;
  onSave: () => void;
}) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="space-between">
        {addButton}
        <Group gap="xs">
          {dirty && (
            <Text size="sm" c="dimmed">
              Unsaved changes
            </Text>
          )}
          <Button variant="default" onClick={onRevert} disabled={!dirty || saving}>
            Revert
          </Button>
          <Button onClick={onSave} loading={saving} disabled={!dirty}>
            Save
          </Button>
        </Group>
      </Group>
    </>
  );
}
