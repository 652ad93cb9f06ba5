import { Center, Stack, Text, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';

/** Stands in for a screen that a later issue builds: shows its name and nothing else. */
export function ScreenPlaceholder({ screen }: { screen: string }) {
  return (
    <Center h="100%" mih={320} p="xl">
      <Stack align="center" gap="xs">
        <IconHammer size={32} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={2}>{screen}</Title>
        <Text c="dimmed" size="sm">
          This screen is on its way.
        </Text>
      </Stack>
    </Center>
  );
}
