import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Last line of defence: a screen crashed while rendering. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Center h="100dvh" p="xl">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed" size="sm" ta="center">
          This screen hit an unexpected error. Reloading usually helps.
        </Text>
        <Code block w="100%">
          {message}
        </Code>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
