import { Button, VisuallyHidden } from '@mantine/core';
import {
  closestCorners,
  DndContext,
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type Over,
  type Active,
} from '@dnd-kit/core';
import { IconAlertTriangle, IconLayoutKanban } from '@tabler/icons-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api';
import { StateMessage } from '../../ui/StateMessage';
import { useBoard, useMoveCard } from './api';
import {
  carryTarget,
  findCard,
  indexAmongStaying,
  isCarryKey,
  moveCard,
  orderedStages,
  selectCards,
  type CardPlace,
} from './board';
import classes from './Board.module.css';
import { BoardSkeleton } from './BoardSkeleton';
import { DraggedCard, displayName } from './ContactCard';
import { StageColumn } from './StageColumn';
import type { Board as BoardData, BoardCard } from './types';

interface BoardProps {
  teamUID: string;
  groupUID: string;
  /** Opens "New contact" in a stage (the column's "+"). */
  onAddContact?: (stageUID: string) => void;
  /** A contact just created from this screen: its card is brought into view and lit a moment. */
  newCardId?: string | null;
}

/** How long a new card stays lit once it is on the board. */
export const NEW_CARD_LIT_MS = 6_000;

interface DragState {
  card: BoardCard;
  /** The cards that move on drop: the dragged one, or every selected card when it is selected. */
  moving: string[];
  from: CardPlace;
  /** The board as shown while dragging: the card follows the pointer from column to column. */
  preview: BoardData;
}

/**
 * A card picked up with the keyboard (Space), carried with the arrow keys and put down with Space
 * or Enter (Escape puts it back). Handled here rather than by dnd-kit's keyboard sensor: an
 * arrow key changes the preview board only, so React re-renders the two columns it touches and
 * nothing is measured (the sensor re-rendered every card and measured every droppable per key).
 */
interface CarryState {
  GTID: string;
  /** The cards that move on drop: the carried one, or every selected card when it is selected. */
  moving: string[];
  preview: BoardData;
}

/** Where a drop over `over` puts the card: a column (its end) or a card's place. */
function dropPlace(board: BoardData, active: Active, over: Over): CardPlace | null {
  const data = over.data.current as { type?: string; stageUID?: string } | undefined;
  if (data?.type === 'stage' && data.stageUID) {
    const stage = board.stages.find((s) => s.stageUID === data.stageUID);
    if (!stage) return null;
    const here = stage.contacts.some((c) => c.GTID === active.id);
    return { stageUID: stage.stageUID, index: stage.contacts.length - (here ? 1 : 0) };
  }
  const place = findCard(board, String(over.id));
  if (!place) return null;
  const current = findCard(board, String(active.id));
  if (current?.stageUID === place.stageUID) return place;
  // Entering another column over a card: before it, or after it when the pointer is below it.
  const rect = active.rect.current.translated;
  const below = rect ? rect.top > over.rect.top + over.rect.height / 2 : false;
  return { stageUID: place.stageUID, index: place.index + (below ? 1 : 0) };
}

/** The board of one pipeline: one column per stage, in idx order; cards drag between them. */
export function Board({ teamUID, groupUID, onAddContact, newCardId }: BoardProps) {
  const board = useBoard(teamUID, groupUID);
  const move = useMoveCard(teamUID, groupUID);
  const [drag, setDrag] = useState<DragState | null>(null);
  const [carry, setCarry] = useState<CarryState | null>(null);
  // What the screen reader hears about a keyboard move (a polite live region).
  const [announcement, setAnnouncement] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const boardRef = useRef<HTMLDivElement | null>(null);
  // The click that ends a pointer drag must not open the card's link.
  const justDragged = useRef(false);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const cachedBoard = board.data;
  // Stable while the board data stays, so the memoised columns and cards skip re-rendering.
  const onSelect = useCallback(
    (GTID: string, mode: 'toggle' | 'range') => {
      if (!cachedBoard) return;
      setSelected((current) => selectCards(cachedBoard, current, anchor.current, GTID, mode));
      anchor.current = GTID;
    },
    [cachedBoard],
  );
  // The new card is lit from the moment the board (refetched after the create) holds it.
  const [lit, setLit] = useState<string | null>(null);
  const newPlace = newCardId && cachedBoard ? findCard(cachedBoard, newCardId) : null;
  const newStage = newPlace && cachedBoard?.stages.find((s) => s.stageUID === newPlace.stageUID);
  const newStageName = newStage ? newStage.name : null;
  const litOnce = useRef<string | null>(null);
  useEffect(() => {
    if (!newCardId || newStageName === null || litOnce.current === newCardId) return;
    litOnce.current = newCardId;
    setLit(newCardId);
    setAnnouncement(`The new contact is first in ${newStageName}.`);
  }, [newCardId, newStageName]);
  useEffect(() => {
    if (!lit) return;
    const timer = setTimeout(() => setLit(null), NEW_CARD_LIT_MS);
    return () => clearTimeout(timer);
  }, [lit]);
  // The carried card keeps the focus (it remounts when it changes column) and stays in view.
  const carriedPlace = carry ? findCard(carry.preview, carry.GTID) : null;
  const carriedAt = carriedPlace && `${carriedPlace.stageUID}/${carriedPlace.index}`;
  useLayoutEffect(() => {
    if (!carry || !carriedAt) return;
    const el = boardRef.current?.querySelector<HTMLElement>(
      `[data-card-id="${CSS.escape(carry.GTID)}"]`,
    );
    if (!el) return;
    if (document.activeElement !== el) el.focus({ preventScroll: true });
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [carry, carriedAt]);

  if (board.isPending) return <BoardSkeleton />;
  if (board.isError) {
    if (isApiError(board.error) && board.error.httpStatus === 404) {
      return (
        <StateMessage
          icon={<IconLayoutKanban size={24} />}
          title="Pipeline not found"
          action={
            <Button component={Link} to="/contacts/pipeline" variant="light">
              Open your default pipeline
            </Button>
          }
        >
          It may have been deleted, or you don't have access to it.
        </StateMessage>
      );
    }
    return (
      <StateMessage
        icon={<IconAlertTriangle size={24} />}
        color="red"
        title="Couldn't load the board"
        action={
          <Button variant="light" onClick={() => void board.refetch()} loading={board.isRefetching}>
            Try again
          </Button>
        }
      >
        {board.error.message}
      </StateMessage>
    );
  }

  const cached = board.data;
  const shown = drag?.preview ?? carry?.preview ?? cached;
  const stages = orderedStages(shown);
  if (stages.length === 0) {
    return (
      <StateMessage
        icon={<IconLayoutKanban size={24} />}
        title="This pipeline has no stages yet"
        action={
          <Button
            component={Link}
            to={`/setup/pipelines/${encodeURIComponent(groupUID)}`}
            variant="light"
          >
            Set up stages
          </Button>
        }
      >
        Add stages to start moving contacts through it.
      </StateMessage>
    );
  }

  const stageName = (stageUID: string) =>
    cached.stages.find((s) => s.stageUID === stageUID)?.name ?? 'a stage';
  const nameOf = (id: string | number) => {
    const place = findCard(cached, String(id));
    const card =
      place && cached.stages.find((s) => s.stageUID === place.stageUID)?.contacts[place.index];
    return card ? displayName(card) : 'The contact';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => {
      const place = over && drag ? dropPlace(drag.preview, active, over) : null;
      return place
        ? `${nameOf(active.id)} is over ${stageName(place.stageUID)}, position ${place.index + 1}.`
        : undefined;
    },
    onDragEnd: ({ active, over }) => {
      const place = over && drag ? dropPlace(drag.preview, active, over) : null;
      return place
        ? `${nameOf(active.id)} moved to ${stageName(place.stageUID)}.`
        : `${nameOf(active.id)} was put back.`;
    },
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    justDragged.current = true;
    setCarry(null);
    const from = findCard(cached, String(active.id));
    if (!from) return;
    const card = cached.stages.find((s) => s.stageUID === from.stageUID)!.contacts[from.index]!;
    const GTID = String(active.id);
    const moving = selected.has(GTID) && selected.size > 1 ? [...selected] : [GTID];
    setDrag({ card, moving, from, preview: cached });
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!drag || !over) return;
    const place = dropPlace(drag.preview, active, over);
    const current = findCard(drag.preview, String(active.id));
    // Within a column the sortable list shows the shift; across columns the card moves over.
    if (!place || !current || place.stageUID === current.stageUID) return;
    const moved = moveCard(drag.preview, String(active.id), place.stageUID, place.index);
    if (moved) setDrag({ ...drag, preview: moved.board });
  };

  const endDrag = () => {
    setDrag(null);
    setTimeout(() => (justDragged.current = false), 0);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const place = drag && over ? dropPlace(drag.preview, active, over) : null;
    endDrag();
    if (!drag || !place) return;
    const GTID = String(active.id);
    if (drag.moving.length === 1) {
      move(GTID, place.stageUID, place.index);
      return;
    }
    // Several cards: they go as one block where the dragged card was dropped.
    const dropped = moveCard(drag.preview, GTID, place.stageUID, place.index);
    const at = dropped && indexAmongStaying(dropped.board, GTID, new Set(drag.moving));
    if (at && move(drag.moving, at.stageUID, at.index)) setSelected(new Set());
  };

  /** Drops the carried card(s) where the preview shows it, as a pointer drop would. */
  const dropCarried = (state: CarryState) => {
    const place = findCard(state.preview, state.GTID);
    setCarry(null);
    if (!place) return;
    setAnnouncement(`${nameOf(state.GTID)} moved to ${stageName(place.stageUID)}.`);
    if (state.moving.length === 1) {
      move(state.GTID, place.stageUID, place.index);
      return;
    }
    const at = indexAmongStaying(state.preview, state.GTID, new Set(state.moving));
    if (at && move(state.moving, at.stageUID, at.index)) setSelected(new Set());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (drag || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!carry) {
      const card = (event.target as HTMLElement).closest<HTMLElement>('[data-card-id]');
      if (event.key === ' ' && card) {
        const GTID = card.dataset.cardId!;
        if (!findCard(cached, GTID)) return;
        event.preventDefault();
        const moving = selected.has(GTID) && selected.size > 1 ? [...selected] : [GTID];
        setCarry({ GTID, moving, preview: cached });
        setAnnouncement(
          `Picked up ${nameOf(GTID)}${moving.length > 1 ? ` and ${moving.length - 1} more` : ''}.`,
        );
      } else if (event.key === 'Escape' && selected.size > 0) {
        setSelected(new Set());
      }
      return;
    }
    // Carrying: the arrows move it, Space or Enter puts it down, Escape puts it back; the focus
    // stays on it (Tab would leave it behind).
    event.preventDefault();
    event.stopPropagation();
    if (event.key === ' ' || event.key === 'Enter') {
      if (!event.repeat) dropCarried(carry);
    } else if (event.key === 'Escape') {
      setCarry(null);
      setAnnouncement(`Moving ${nameOf(carry.GTID)} was cancelled.`);
    } else if (isCarryKey(event.key)) {
      const place = carryTarget(carry.preview, carry.GTID, event.key);
      const moved = place && moveCard(carry.preview, carry.GTID, place.stageUID, place.index);
      if (!moved) return;
      setCarry({ ...carry, preview: moved.board });
      setAnnouncement(
        `${nameOf(carry.GTID)} is over ${stageName(moved.to.stageUID)}, position ${moved.to.index + 1}.`,
      );
    }
  };

  const carriedCard = carry && findCard(carry.preview, carry.GTID);

  const swallowClick = (event: MouseEvent) => {
    if (!justDragged.current) return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this contact, press Space, then the arrow keys; Space drops it and Escape puts it back. Enter opens the contact.',
        },
      }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={endDrag}
    >
      <div className={classes.boardFrame}>
        <div
          ref={boardRef}
          className={classes.board}
          onClickCapture={swallowClick}
          onKeyDown={onKeyDown}
          data-carrying={carry ? true : undefined}
        >
          {stages.map((stage) => {
            // Only the column holding the dragged or carried card hears of it, so a move
            // re-renders the two columns it changes and no other.
            const here = (GTID: string | undefined) =>
              GTID && findCard(shown, GTID)?.stageUID === stage.stageUID ? GTID : null;
            return (
              <StageColumn
                key={stage.stageUID}
                teamUID={teamUID}
                groupUID={groupUID}
                stage={stage}
                activeId={here(drag?.card.GTID) ?? (carriedCard ? here(carry?.GTID) : null)}
                carriedId={carriedCard ? here(carry?.GTID) : null}
                selected={selected}
                onSelect={onSelect}
                onAddContact={onAddContact}
                newCardId={here(lit ?? undefined)}
              />
            );
          })}
        </div>
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
        {selected.size > 0 && (
          <div className={classes.selectionBar} role="status">
            {selected.size} selected; drag one of them to move them all.
            <Button variant="subtle" size="compact-xs" onClick={() => setSelected(new Set())}>
              Clear
            </Button>
          </div>
        )}
      </div>
      <DragOverlay dropAnimation={null}>
        {drag ? <DraggedCard card={drag.card} more={drag.moving.length - 1} /> : null}
      </DragOverlay>
    </DndContext>
  );
}
