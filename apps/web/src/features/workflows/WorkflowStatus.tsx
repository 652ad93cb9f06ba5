import type { WorkflowStatus } from '@leadloom/core';
import { Badge } from '@mantine/core';

const STATUS: Record<WorkflowStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  active: { label: 'Active', color: 'green' },
  paused: { label: 'Paused', color: 'yellow' },
};

export function StatusBadge({ status }: { status: WorkflowStatus }) {
  const s = STATUS[status];
  return (
    <Badge variant="light" color={s.color} size="sm">
      {s.label}
    </Badge>
  );
}
