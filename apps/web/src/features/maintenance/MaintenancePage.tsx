import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@leadloom/core';
import { LogoMark } from '../../ui/LogoMark';

/**
 * /maintenance: the downtime notice (SPEC §2). Only visitors see it: the guard (SPEC §4 step 3)
 * sends signed-in users on to the pipeline route.
 */
export function MaintenancePage() {
  return (
    <Center h="100dvh" p="xl">
      <Stack align="center" gap="md" maw={460}>
        <LogoMark size={44} />
        <IconTool size={32} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={1} ta="center">
          We'll be right back
        </Title>
        <Text c="dimmed" ta="center">
          {PRODUCT_NAME} is down for maintenance. Your contacts and pipelines are safe; please try
          again in a few minutes.
        </Text>
        <Button variant="light" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}
