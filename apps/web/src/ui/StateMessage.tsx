import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Centered empty, error or info state: one icon, a title, a sentence and an optional action. */
export function StateMessage({
  icon,
  title,
  children,
  action,
  color = 'gray',
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  color?: string;
}) {
  return (
    <Center h="100%" mih={280} p="xl">
      <Stack align="center" gap="sm" maw={420}>
        <ThemeIcon size={48} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={3} ta="center">
          {title}
        </Title>
        {children && (
          <Text c="dimmed" size="sm" ta="center">
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}
