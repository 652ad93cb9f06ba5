import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's footer: Cancel, then the action, at the right. The action submits the form it is
 * in, or runs `onSubmit` where the fields are not in a `<form>`.
 */
export function FormActions({
  children,
  onCancel,
  onSubmit,
  loading,
  mt,
}: {
  /** The action's label: "Save", "Create pipeline"… */
  children: ReactNode;
  onCancel: () => void;
  onSubmit?: () => void;
  loading?: boolean;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" gap="xs" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} loading={loading}>
        {children}
      </Button>
    </Group>
  );
}
