import { Select } from '@mantine/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import type { PipelineSummary } from './types';

interface PipelineSwitcherProps {
  pipelines: readonly PipelineSummary[];
  value: string | null;
  onChange: (groupUID: string) => void;
}

export function PipelineSwitcher({ pipelines, value, onChange }: PipelineSwitcherProps) {
  const data = [...pipelines]
    .sort((a, b) => a.order - b.order)
    .map((p) => ({ value: p.groupUID, label: p.nickName }));
  return (
    <Select
      aria-label="Pipeline"
      data={data}
      value={value}
      onChange={(groupUID) => groupUID && onChange(groupUID)}
      leftSection={<IconLayoutKanban size={16} stroke={1.6} />}
      w={240}
      searchable={data.length > 8}
      comboboxProps={{ shadow: 'md' }}
      checkIconPosition="right"
    />
  );
}
