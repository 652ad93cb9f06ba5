import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../../ui/ColorSchemeToggle';
import { ProductMark } from '../../ui/ProductMark';
import classes from './LoginPage.module.css';

/**
 * The frame of every sign-in screen (sign-in, sign-up, invitation, password reset, terms,
 * authorize): the product mark above one card with a title, an optional line under it, the
 * content, and an optional footer under the card.
 */
export function AuthScreen({
  title,
  subtitle,
  children,
  footer,
  width = 380,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) {
  return (
    <Center className={classes.page} component="main">
      <div className={classes.schemeToggle}>
        <ColorSchemeToggle />
      </div>
      <Stack w="100%" maw={width} gap="lg" py="xl">
        <Center>
          <ProductMark size={36} />
        </Center>
        <Paper p="xl" radius="md" shadow="sm">
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text size="sm" ta="center" c="dimmed">
            {footer}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
