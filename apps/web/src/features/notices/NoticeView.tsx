import { Anchor, Box, Button, Group, Modal, Notification, Paper, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { safeUrl } from '../../lib/safeUrl';
import type { NoticeFields } from './types';

/**
 * How a notice looks, shared by the live notices and the admin preview so the preview is
 * exactly what users get. The colours come from the admin; without them Mantine's theme
 * colours apply (so both light and dark schemes stay readable).
 */

export type NoticeLook = Pick<
  NoticeFields,
  | 'type'
  | 'title'
  | 'text'
  | 'link'
  | 'linkText'
  | 'position'
  | 'backgroundColor'
  | 'fontColor'
  | 'backgroundIcon'
>;

export interface NoticeActions {
  onDismiss?: () => void;
  onNever?: () => void;
}

export function colourStyle(n: Pick<NoticeLook, 'backgroundColor' | 'fontColor'>): CSSProperties {
  return {
    ...(n.backgroundColor ? { backgroundColor: n.backgroundColor } : {}),
    ...(n.fontColor ? { color: n.fontColor } : {}),
  };
}

/** An icon that names an address (a scheme or a leading slash) but no safe one is not drawn. */
const looksLikeAddress = (icon: string) => /^([a-z][a-z0-9+.-]*:|[/\\])/i.test(icon.trim());

/** Room kept free on the right for the background icon, so it never sits under words. */
const iconRoom = (icon: string | null): CSSProperties => (icon ? { paddingRight: 72 } : {});

/** The admin's background icon: an image address or a glyph (emoji), drawn large and faint. */
export function BackgroundIcon({ icon }: { icon: string | null }) {
  if (!icon) return null;
  const image = safeUrl(icon, { appPath: true });
  if (!image && looksLikeAddress(icon)) return null;
  const common: CSSProperties = {
    position: 'absolute',
    right: 8,
    top: '50%',
    transform: 'translateY(-50%)',
    opacity: 0.18,
    pointerEvents: 'none',
  };
  return image ? (
    <Box
      aria-hidden
      style={{
        ...common,
        width: 64,
        height: 64,
        backgroundImage: `url("${image.replace(/"/g, '%22').replace(/\\/g, '%5C')}")`,
        backgroundSize: 'contain',
        backgroundRepeat: 'no-repeat',
      }}
    />
  ) : (
    <Box aria-hidden style={{ ...common, fontSize: 56, lineHeight: 1 }}>
      {icon}
    </Box>
  );
}

export function NoticeLink({ n }: { n: Pick<NoticeLook, 'link' | 'linkText' | 'fontColor'> }) {
  const href = safeUrl(n.link, { appPath: true });
  if (!href) return null;
  const external = /^https?:\/\//i.test(href);
  return (
    <Anchor
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      fw={600}
      underline="always"
      style={n.fontColor ? { color: n.fontColor } : undefined}
    >
      {n.linkText || n.link}
    </Anchor>
  );
}

function Actions({ onDismiss, onNever, fontColor }: NoticeActions & { fontColor: string | null }) {
  const style = fontColor ? { color: fontColor } : undefined;
  return (
    <Group gap={4} wrap="nowrap" style={{ position: 'relative' }}>
      <Button size="compact-sm" variant="subtle" color="gray" style={style} onClick={onDismiss}>
        Dismiss
      </Button>
      <Button size="compact-sm" variant="subtle" color="gray" style={style} onClick={onNever}>
        Don&apos;t show again
      </Button>
    </Group>
  );
}

/** A banner across the top (or bottom) of the content; it stays until dismissed. */
export function BannerNotice({ n, ...actions }: { n: NoticeLook } & NoticeActions) {
  return (
    <Paper
      role="status"
      aria-label={n.title || 'Notice'}
      data-notice="banner"
      radius={0}
      px="md"
      py="xs"
      bg={n.backgroundColor ? undefined : 'var(--mantine-primary-color-light)'}
      style={{
        position: 'relative',
        overflow: 'hidden',
        ...iconRoom(n.backgroundIcon),
        ...colourStyle(n),
      }}
    >
      <BackgroundIcon icon={n.backgroundIcon} />
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Box style={{ position: 'relative', minWidth: 0 }}>
          {n.title && (
            <Text fw={700} size="sm" c="inherit">
              {n.title}
            </Text>
          )}
          <Text size="sm" c="inherit">
            {n.text} <NoticeLink n={n} />
          </Text>
        </Box>
        <Actions {...actions} fontColor={n.fontColor} />
      </Group>
    </Paper>
  );
}

/** The body of a toast, as Mantine's Notification renders it (live and in the preview). */
export function ToastBody({ n, ...actions }: { n: NoticeLook } & NoticeActions) {
  return (
    <Stack gap={4} style={{ position: 'relative', ...iconRoom(n.backgroundIcon) }}>
      {n.text && (
        <Text size="sm" c="inherit">
          {n.text}
        </Text>
      )}
      <NoticeLink n={n} />
      <Group gap={4} ml={-8}>
        <Actions {...actions} fontColor={n.fontColor} />
      </Group>
    </Stack>
  );
}

/** Props shared by the live toast (notifications.show) and its preview (<Notification>). */
export function toastProps(n: NoticeLook) {
  return {
    title: n.title || undefined,
    style: { overflow: 'hidden', ...colourStyle(n) },
    styles: {
      title: n.fontColor ? { color: n.fontColor } : {},
      description: n.fontColor ? { color: n.fontColor } : {},
    },
  };
}

/** A toast as it will look, not floating (the admin preview). */
export function ToastPreview({ n }: { n: NoticeLook }) {
  const props = toastProps(n);
  return (
    <Notification {...props} withCloseButton withBorder data-notice="toast-preview" maw={420}>
      <BackgroundIcon icon={n.backgroundIcon} />
      <ToastBody n={n} />
    </Notification>
  );
}

/** The inside of a modal notice: text, link and the two actions. */
export function ModalBody({ n, ...actions }: { n: NoticeLook } & NoticeActions) {
  return (
    <Box style={{ position: 'relative' }}>
      <BackgroundIcon icon={n.backgroundIcon} />
      <Stack gap="sm" style={{ position: 'relative', ...iconRoom(n.backgroundIcon) }}>
        {n.text && <Text c="inherit">{n.text}</Text>}
        <NoticeLink n={n} />
        <Group justify="flex-end">
          <Actions {...actions} fontColor={n.fontColor} />
        </Group>
      </Stack>
    </Box>
  );
}

/** A modal notice; "top" positions sit near the top, others are centred. */
export function ModalNotice({
  n,
  opened,
  withinPortal = true,
  ...actions
}: { n: NoticeLook; opened: boolean; withinPortal?: boolean } & NoticeActions) {
  const surface = colourStyle(n);
  return (
    <Modal
      opened={opened}
      onClose={actions.onDismiss ?? (() => {})}
      title={n.title || 'Notice'}
      centered={!n.position?.startsWith('top')}
      withinPortal={withinPortal}
      data-notice="modal"
      styles={{ content: surface, header: surface, title: { fontWeight: 700 } }}
    >
      <ModalBody n={n} {...actions} />
    </Modal>
  );
}

/** A small frame for the admin preview of a modal (a real modal would cover the form). */
export function ModalPreview({ n }: { n: NoticeLook }) {
  return (
    <Paper withBorder shadow="md" radius="md" p="md" maw={440} style={colourStyle(n)}>
      <Text fw={700} mb="sm" c="inherit">
        {n.title || 'Notice'}
      </Text>
      <ModalBody n={n} />
    </Paper>
  );
}

export function NoticePreview({ n }: { n: NoticeLook }): ReactNode {
  if (n.type === 'banner') return <BannerNotice n={n} />;
  if (n.type === 'modal') return <ModalPreview n={n} />;
  return <ToastPreview n={n} />;
}
