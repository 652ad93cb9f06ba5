import { ActionIcon, Badge, Button, Group, Loader, Text, Tooltip } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { IconPlus } from '@tabler/icons-react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useAutoLoadMore } from './api';
import { withIndex } from './board';
import classes from './Board.module.css';
import { CARD_GAP, CARD_HEIGHT, ContactCard } from './ContactCard';
import { headerTotals } from './dealTotals';
import { stageStyle } from './stageColors';
import type { BoardStage } from './types';

interface StageColumnProps {
  teamUID: string;
  groupUID: string;
  stage: BoardStage;
  /** The card being dragged: kept rendered even when scrolled out of view. */
  activeId?: string | null;
  /** The card carried with the keyboard, when it is in this column. */
  carriedId?: string | null;
  /** Cards picked with Ctrl/Cmd/Shift-click (moved together). */
  selected?: ReadonlySet<string>;
  onSelect?: (GTID: string, mode: 'toggle' | 'range') => void;
  /** Opens "New contact" in this stage. */
  onAddContact?: (stageUID: string) => void;
  /** A card just created from the board, when it is in this column: scrolled to and lit. */
  newCardId?: string | null;
}

export const stageDropId = (stageUID: string) => `stage:${stageUID}`;

/** Cards kept rendered above and below the visible ones. */
const OVERSCAN = 4;

/**
 * The column's size before it is measured: the window's height bounds it. With it the first
 * render already holds the cards in view (a 0-height first guess rendered none, and the cards
 * only came with a second render after the page's first layout, forced in a layout effect).
 */
const initialRect = () => ({
  width: 0,
  height: typeof window === 'undefined' ? 0 : window.innerHeight,
});

/**
 * One stage of the board. Only the cards in view (plus a few) are in the DOM; the next page of
 * the stage loads as the user scrolls near the end of what is loaded. Memoised: a card move
 * re-renders the columns whose stage changed, not the others.
 */
export const StageColumn = memo(function StageColumn({
  teamUID,
  groupUID,
  stage,
  activeId,
  carriedId,
  selected,
  onSelect,
  onAddContact,
  newCardId,
}: StageColumnProps) {
  const { setNodeRef, isOver } = useDroppable({
    id: stageDropId(stage.stageUID),
    data: { type: 'stage', stageUID: stage.stageUID },
  });
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const bodyRef = useCallback(
    (node: HTMLDivElement | null) => {
      scrollRef.current = node;
      setNodeRef(node);
    },
    [setNodeRef],
  );
  const ids = useMemo(() => stage.contacts.map((card) => card.GTID), [stage.contacts]);
  const activeIndex = activeId ? ids.indexOf(activeId) : -1;
  const rangeExtractor = useCallback(
    (range: Range) => withIndex(defaultRangeExtractor(range), activeIndex),
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: stage.contacts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT + CARD_GAP,
    getItemKey: (index) => ids[index] ?? index,
    overscan: OVERSCAN,
    initialRect: initialRect(),
    rangeExtractor,
    paddingStart: CARD_GAP,
    paddingEnd: CARD_GAP,
  });
  // A new card is brought into view once: its column across the board, then it in its column.
  const sectionRef = useRef<HTMLElement | null>(null);
  const shownNew = useRef<string | null>(null);
  const newIndex = newCardId ? ids.indexOf(newCardId) : -1;
  useEffect(() => {
    if (!newCardId || newIndex < 0 || shownNew.current === newCardId) return;
    shownNew.current = newCardId;
    sectionRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    virtualizer.scrollToIndex(newIndex, { align: 'auto' });
  }, [newCardId, newIndex, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const lastShown = items.length ? items[items.length - 1]!.index : -1;
  const loadMore = useAutoLoadMore(teamUID, groupUID, stage, lastShown);
  const totals = useMemo(() => headerTotals(stage.dealTotals ?? []), [stage.dealTotals]);

  return (
    <section
      ref={sectionRef}
      className={classes.column}
      style={stageStyle(stage)}
      aria-label={`${stage.name}: ${stage.count} contacts`}
      data-over={isOver || undefined}
    >
      <header className={classes.columnHeader}>
        <Text
          component={Link}
          to={`/contacts/pipeline/${encodeURIComponent(groupUID)}/${encodeURIComponent(stage.stageUID)}`}
          size="sm"
          fw={600}
          truncate
          c="inherit"
          className={`${classes.stageLink} ${classes.stageName}`}
          title={`Open ${stage.name} as a list`}
        >
          {stage.name}
        </Text>
        {totals && (
          <Tooltip
            label={totals.all.map((line) => (
              <div key={line}>{line}</div>
            ))}
            openDelay={300}
          >
            <Text
              size="xs"
              className={classes.dealTotals}
              aria-label={`Deals: ${totals.all.join('; ')}`}
            >
              {totals.main}
              {totals.more > 0 && ` +${totals.more}`}
            </Text>
          </Tooltip>
        )}
        <Badge variant="default" size="sm" aria-hidden>
          {stage.count.toLocaleString()}
        </Badge>
        {onAddContact && (
          <Tooltip label={`New contact in ${stage.name}`} openDelay={300}>
            <ActionIcon
              variant="subtle"
              size="sm"
              c="inherit"
              aria-label={`New contact in ${stage.name}`}
              onClick={() => onAddContact(stage.stageUID)}
            >
              <IconPlus size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </header>
      <div
        className={classes.columnBody}
        ref={bodyRef}
        data-stage-body={stage.stageUID}
        data-loaded={stage.contacts.length}
      >
        <SortableContext id={stage.stageUID} items={ids} strategy={verticalListSortingStrategy}>
          <div className={classes.virtualSpace} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const card = stage.contacts[item.index]!;
              return (
                <div
                  key={item.key}
                  className={classes.virtualRow}
                  style={{ top: item.start, height: CARD_HEIGHT }}
                >
                  <ContactCard
                    card={card}
                    stageUID={stage.stageUID}
                    selected={selected?.has(card.GTID) ?? false}
                    carried={card.GTID === carriedId}
                    isNew={card.GTID === newCardId}
                    onSelect={onSelect}
                  />
                </div>
              );
            })}
          </div>
        </SortableContext>
        {stage.contacts.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="md">
            No contacts
          </Text>
        )}
        {loadMore.isError ? (
          <Group justify="center" gap={4} py={4} role="alert">
            <Text size="xs" c="red">
              {loadMore.error?.message}
            </Text>
            <Button variant="subtle" size="compact-xs" onClick={loadMore.retry}>
              Try again
            </Button>
          </Group>
        ) : stage.nextCursor ? (
          <Group justify="center" py={4} mih={28}>
            {loadMore.isPending && <Loader size="xs" aria-label="Loading more contacts" />}
          </Group>
        ) : null}
      </div>
    </section>
  );
});
