import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Center h="100%" mih="60vh" p="xl">
      <Stack align="center" gap="sm" maw={440}>
        <Text fz={56} fw={700} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={2}>Page not found</Title>
        <Text c="dimmed" size="sm" ta="center" style={{ wordBreak: 'break-all' }}>
          There is nothing at <code>{pathname}</code>. It may have moved, or the link is mistyped.
        </Text>
        <Button component={Link} to="/" mt="xs">
          Go to your pipeline
        </Button>
      </Stack>
    </Center>
  );
}
