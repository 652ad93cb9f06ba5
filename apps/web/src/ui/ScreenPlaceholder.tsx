import { Center, Stack, Text, Title } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';

/** Stands in for a screen not built yet (reached only by its address: the navigation shows it as coming). */
export function ScreenPlaceholder({ screen }: { screen: string }) {
  return (
    <Center h="100%" mih={320} p="xl">
      <Stack align="center" gap="xs">
        <IconHammer size={32} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={2}>{screen}</Title>
        <Text c="dimmed" size="sm">
          This screen is not in Leadloom yet; it comes in a later release.
        </Text>
      </Stack>
    </Center>
  );
}
