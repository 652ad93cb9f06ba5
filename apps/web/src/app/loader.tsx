import { Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LogoMark } from '../ui/LogoMark';
import { LOADER_TEXT, pickTagline } from '@leadloom/core';

/** SPEC §2: shown full screen while the signed-in user's data loads. */
export function FullScreenLoader() {
  // One tagline per mount, so it does not change on every re-render.
  const [tagline] = useState(pickTagline);
  return (
    <Center h="100dvh" p="xl" role="status" aria-live="polite">
      <Stack align="center" gap="md" maw={420}>
        <LogoMark size={44} />
        <Loader size="md" />
        <Text fw={600} ta="center">
          {LOADER_TEXT}
        </Text>
        <Text c="dimmed" size="sm" fs="italic" ta="center">
          {tagline}
        </Text>
      </Stack>
    </Center>
  );
}
