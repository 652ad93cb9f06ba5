import { WRONG_WEB_ADDRESS_TITLE, wrongWebAddressMessage } from '@leadloom/core';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { correctAddress, isOldHostname } from './wrongAddress';

interface AppAddress {
  oldHostnames: string[];
  appUrl: string;
}

/**
 * SPEC §8: on an old host name, on every screen, a dialog that cannot be closed (no close button, no Escape, no
 * click outside): the only way on is the button to the right address.
 */
export function WrongAddressDialog() {
  // Public route: the dialog shows on the sign-in screen too (see app-address-routes.ts).
  const settings = useQuery({
    queryKey: ['app-address'],
    queryFn: ({ signal }) => api.publicRequest<AppAddress>('GET', '/api/app-address', { signal }),
    staleTime: 5 * 60_000,
  });
  const data = settings.data;
  if (!data || !isOldHostname(window.location.hostname, data.oldHostnames)) return null;
  const target = correctAddress(data.appUrl, window.location);
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      title={WRONG_WEB_ADDRESS_TITLE}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm">{wrongWebAddressMessage(new URL(data.appUrl).origin)}</Text>
      <Group justify="flex-end" mt="lg">
        <Button component="a" href={target}>
          Go to {new URL(data.appUrl).host}
        </Button>
      </Group>
    </Modal>
  );
}
