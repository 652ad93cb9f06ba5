import { AUTHORIZED_LINK_MESSAGE } from '@leadloom/core';
import { Anchor, Group, Loader, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { browserPartnerLinkDeps, openPartnerLink } from './partnerLink';

/**
 * A link to a partner site that signs the user in there (SPEC §2). While the token is made,
 * "Generating Authorized Link.... please wait" shows next to the link and in the new tab.
 */
export function PartnerLink({ href, children }: { href: string; children: ReactNode }) {
  const [pending, setPending] = useState(false);
  return (
    <Group gap={6} wrap="nowrap" display="inline-flex">
      <Anchor
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          event.preventDefault();
          if (pending) return;
          setPending(true);
          void openPartnerLink(href, browserPartnerLinkDeps).finally(() => setPending(false));
        }}
      >
        {children}
      </Anchor>
      {pending && (
        <Group gap={4} wrap="nowrap" role="status">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            {AUTHORIZED_LINK_MESSAGE}
          </Text>
        </Group>
      )}
    </Group>
  );
}
