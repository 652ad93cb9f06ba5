import { Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@leadloom/core';
import { LogoMark } from './LogoMark';

/** Logo and product name, as shown in the header and on the sign-in screen. */
export function ProductMark({ size = 26 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={700} size={size > 30 ? 'xl' : 'lg'} style={{ letterSpacing: '-0.01em' }}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
