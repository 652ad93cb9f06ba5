import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Kbd,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys, useOs } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowRight, IconClock, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type SearchAnswer, type SearchHit } from '@leadloom/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { ContactAvatar } from '../contact/ContactAvatar';
import { usePipelineStages } from '../contact/api';
import { useOptionalCurrentTeam } from '../session/CurrentUser';
import { readRecent, rememberRecent, type RecentContact } from './recent';
import { matchScreens, type PaletteScreen } from './screens';

/** Wait this long after the last key before asking the server. */
const DEBOUNCE_MS = 150;
/** Contacts shown for a query. */
const HITS = 8;

type Item =
  | { kind: 'contact'; key: string; hit: SearchHit }
  | { kind: 'recent'; key: string; recent: RecentContact }
  | { kind: 'screen'; key: string; screen: PaletteScreen };

const nameOf = (c: Pick<SearchHit, 'fullName' | 'firstName' | 'lastName'>) =>
  c.fullName.trim() || `${c.firstName} ${c.lastName}`.trim() || 'Unnamed contact';

/**
 * The command palette (Ctrl/Cmd-K, or the header's search button) on every signed-in screen:
 * contacts as you type (`POST /v2`, `currentTab: 'palette'`; a newer query cancels the older
 * request), screens whose title matches, and with no query the contacts opened lately. Arrow
 * keys move, Enter opens, Escape closes.
 */
export function CommandPalette() {
  const team = useOptionalCurrentTeam();
  const [opened, { open, close, toggle }] = useDisclosure(false);
  useHotkeys([['mod+K', toggle]], []);
  const os = useOs();
  const mod = os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl';
  if (!team) return null;
  return (
    <>
      <Button
        variant="default"
        size="xs"
        visibleFrom="sm"
        leftSection={<IconSearch size={14} stroke={1.6} />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            {mod} K
          </Kbd>
        }
        onClick={open}
        aria-label="Search contacts and screens"
        c="dimmed"
        fw={400}
      >
        Search
      </Button>
      <ActionIcon
        variant="subtle"
        color="gray"
        hiddenFrom="sm"
        onClick={open}
        aria-label="Search contacts and screens"
      >
        <IconSearch size={18} stroke={1.6} />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={close}
        withCloseButton={false}
        size="lg"
        padding={0}
        yOffset="10vh"
        radius="md"
        aria-label="Command palette"
        transitionProps={{ duration: 120 }}
      >
        {opened && <PaletteBody teamUID={team.teamUID} onClose={close} />}
      </Modal>
    </>
  );
}

function PaletteBody({ teamUID, onClose }: { teamUID: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  // The highlighted item by key, so it stays put when results arrive around it; null = the
  // first item (the best match of what was typed).
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [recent] = useState(() => readRecent(teamUID));
  const listRef = useRef<HTMLDivElement | null>(null);

  const search = useQuery<SearchAnswer, Error, SearchAnswer, string[]>({
    queryKey: ['palette', teamUID, debounced],
    // The signal is TanStack's: when the text changes, the older request is aborted.
    queryFn: ({ signal }) =>
      api
        .post<{ data: SearchAnswer }>(
          '/v2',
          {
            teamUID,
            searchObj: { text: debounced },
            paging: { from: 0, size: HITS },
            currentTab: 'palette',
            // The palette shows hits, never a count: the server need not count them.
            options: { total: 'none' },
          },
          { signal },
        )
        .then((a) => a.data),
    enabled: debounced !== '',
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

  const typing = query.trim() !== '';
  const waiting = typing && (debounced !== query.trim() || search.isFetching);
  const stale = waiting || search.isPlaceholderData;
  const [pendingEnter, setPendingEnter] = useState(false);
  const items: Item[] = useMemo(() => {
    if (!typing) return recent.map((r) => ({ kind: 'recent', key: `r:${r.GTID}`, recent: r }));
    const hits: Item[] =
      debounced !== '' && search.data
        ? search.data.hits.map((hit) => ({ kind: 'contact', key: `c:${hit.GTID}`, hit }))
        : [];
    const screens: Item[] = matchScreens(query).map((screen) => ({
      kind: 'screen',
      key: `s:${screen.path}`,
      screen,
    }));
    return [...hits, ...screens];
  }, [typing, recent, debounced, search.data, query]);

  const found = activeKey === null ? -1 : items.findIndex((i) => i.key === activeKey);
  const active = found < 0 ? 0 : found;
  const move = (step: number) => {
    if (items.length === 0) return;
    setActiveKey(items[(active + step + items.length) % items.length]!.key);
  };
  useEffect(() => {
    if (pendingEnter && !waiting) {
      setPendingEnter(false);
      choose(items[active]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the answer settles
  }, [pendingEnter, waiting]);
  useEffect(() => {
    listRef.current
      ?.querySelector(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function choose(item: Item | undefined) {
    if (!item) return;
    if (item.kind === 'screen') {
      void navigate(item.screen.path);
    } else {
      const contact: RecentContact =
        item.kind === 'recent'
          ? item.recent
          : {
              GTID: item.hit.GTID,
              name: nameOf(item.hit),
              email: item.hit.emailAddress,
              photoURL: item.hit.photoURL,
            };
      rememberRecent(teamUID, contact);
      void navigate(`/contact/${encodeURIComponent(contact.GTID)}`);
    }
    onClose();
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // Typed and pressed Enter at once: open the best match of what was typed, once it is in.
      // An item picked with the arrows or the mouse opens at once.
      if (waiting && activeKey === null) setPendingEnter(true);
      else choose(items[active]);
    }
  }
  const firstScreen = items.findIndex((i) => i.kind === 'screen');

  return (
    <Box>
      <TextInput
        data-autofocus
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActiveKey(null);
        }}
        onKeyDown={onKeyDown}
        placeholder="Search contacts and screens…"
        aria-label="Search contacts and screens"
        role="combobox"
        aria-expanded
        aria-controls="palette-list"
        aria-activedescendant={items[active] ? `palette-${items[active].key}` : undefined}
        size="md"
        variant="unstyled"
        px="md"
        py={6}
        leftSection={<IconSearch size={18} stroke={1.6} />}
        rightSection={
          waiting ? <Loader size="xs" aria-label="Searching" /> : <Kbd size="xs">Esc</Kbd>
        }
        rightSectionWidth={48}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      />
      <ScrollArea.Autosize mah="55vh" type="auto">
        <Box id="palette-list" role="listbox" aria-label="Results" ref={listRef} p={6}>
          {!typing && items.length > 0 && (
            <SectionLabel icon={<IconClock size={12} />}>Recent</SectionLabel>
          )}
          {items.map((item, index) => (
            <Box key={item.key}>
              {typing && index === 0 && item.kind === 'contact' && (
                <SectionLabel>Contacts</SectionLabel>
              )}
              {index === firstScreen && <SectionLabel>Screens</SectionLabel>}
              <Row
                stale={stale && item.kind === 'contact'}
                item={item}
                index={index}
                teamUID={teamUID}
                active={index === active}
                onHover={() => setActiveKey(item.key)}
                onChoose={() => choose(item)}
              />
            </Box>
          ))}
          <Empty
            typing={typing}
            settled={!waiting}
            count={items.length}
            error={search.isError && debounced !== '' ? search.error.message : null}
            onRetry={() => void search.refetch()}
          />
        </Box>
      </ScrollArea.Autosize>
      <Group
        gap="md"
        px="md"
        py={6}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Hint keys={['↑', '↓']}>move</Hint>
        <Hint keys={['Enter']}>open</Hint>
        <Hint keys={['Esc']}>close</Hint>
      </Group>
    </Box>
  );
}

function SectionLabel({ children, icon }: { children: React.ReactNode; icon?: React.ReactNode }) {
  return (
    <Group gap={4} px="xs" pt={6} pb={2} c="dimmed">
      {icon}
      <Text size="xs" fw={600} tt="uppercase" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

function Hint({ keys, children }: { keys: string[]; children: React.ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {keys.map((k) => (
        <Kbd key={k} size="xs">
          {k}
        </Kbd>
      ))}
      <Text size="xs" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}

function Row({
  stale,
  item,
  index,
  teamUID,
  active,
  onHover,
  onChoose,
}: {
  /** A hit of the previous query, shown dimmed while the new answer is on its way. */
  stale: boolean;
  item: Item;
  index: number;
  teamUID: string;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  const common = {
    id: `palette-${item.key}`,
    role: 'option' as const,
    'aria-selected': active,
    'data-index': index,
    onMouseMove: onHover,
    onClick: onChoose,
    w: '100%',
    px: 'xs',
    py: 6,
    style: {
      borderRadius: 'var(--mantine-radius-sm)',
      background: active ? 'var(--mantine-primary-color-light)' : undefined,
      opacity: stale ? 0.55 : undefined,
    },
  };
  if (item.kind === 'screen') {
    return (
      <UnstyledButton {...common} tabIndex={-1}>
        <Group gap="sm" wrap="nowrap">
          <IconArrowRight size={16} stroke={1.6} style={{ flex: 'none' }} />
          <Text size="sm" fw={500}>
            {item.screen.title}
          </Text>
          <Text size="xs" c="dimmed" ml="auto">
            {item.screen.path}
          </Text>
        </Group>
      </UnstyledButton>
    );
  }
  const c =
    item.kind === 'recent'
      ? { name: item.recent.name, email: item.recent.email, photoURL: item.recent.photoURL }
      : { name: nameOf(item.hit), email: item.hit.emailAddress, photoURL: item.hit.photoURL };
  const placement = item.kind === 'contact' ? item.hit.pipelines[0] : undefined;
  return (
    <UnstyledButton {...common} tabIndex={-1}>
      <Group gap="sm" wrap="nowrap">
        <ContactAvatar name={c.name} email={c.email} photoURL={c.photoURL} size={30} radius="xl" />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {c.name}
          </Text>
          {c.email && (
            <Text size="xs" c="dimmed" truncate>
              {c.email}
            </Text>
          )}
        </Stack>
        {placement && (
          <HitStage
            teamUID={teamUID}
            pipelineUID={placement.pipelineUID}
            stageUID={placement.stageUID}
          />
        )}
      </Group>
    </UnstyledButton>
  );
}

/** The stage of the hit's first pipeline (stages are cached per pipeline, shared with pickers). */
function HitStage({
  teamUID,
  pipelineUID,
  stageUID,
}: {
  teamUID: string;
  pipelineUID: string;
  stageUID: string;
}) {
  const stages = usePipelineStages(teamUID, pipelineUID);
  const stage = stages.data?.find((s) => s.stageUID === stageUID);
  if (!stage) return null;
  return (
    <Badge
      variant="light"
      color="gray"
      size="sm"
      radius="sm"
      style={{ flex: 'none', textTransform: 'none' }}
      data-testid="palette-stage"
    >
      {stage.name}
    </Badge>
  );
}

function Empty({
  typing,
  settled,
  count,
  error,
  onRetry,
}: {
  typing: boolean;
  settled: boolean;
  count: number;
  error: string | null;
  onRetry: () => void;
}) {
  if (error) {
    return (
      <Group gap="xs" px="xs" py="md" role="alert">
        <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" />
        <Text size="sm" c="red">
          {error}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    );
  }
  if (count > 0) return null;
  if (!typing) {
    return (
      <Text size="sm" c="dimmed" px="xs" py="md">
        Type a name, e-mail, phone or profile handle to find a contact, or a screen&apos;s name to
        go there.
      </Text>
    );
  }
  if (!settled) return null;
  return (
    <Text size="sm" c="dimmed" px="xs" py="md">
      Nothing matches. Check the spelling, or try fewer letters.
    </Text>
  );
}
