import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { reorderIds } from './reorder';

/**
 * The one drag-to-order list of the app (setup screens: stages, pipelines, phases, questions, tag
 * sets, tags, labels). Items are ordered by a handle with the mouse, touch or the keyboard (focus
 * the handle, Space to pick up, arrows to move, Space to drop, Escape to cancel); screen readers
 * hear the item's name and position. `onReorder` gets the ids in their new order, and is not
 * called when nothing moved. With `disabled` (read-only users) there are no handles.
 *
 * Compose it: `<SortableList ids>` around `<SortableItem id>`s, each rendering a `<DragHandle>`
 * where it wants the grip; or use `SortableRows` to render rows from items.
 */
export function SortableList({
  ids,
  onReorder,
  disabled,
  nameOf,
  children,
}: {
  ids: readonly string[];
  onReorder: (order: string[]) => void;
  disabled?: boolean | undefined;
  /** How a screen reader names an item while it is moved (default "the item"). */
  nameOf?: ((id: string) => string | undefined) | undefined;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: string | number) => {
    const label = nameOf?.(String(id));
    return label ? `"${label}"` : 'the item';
  };
  const position = (id: string | number) =>
    ` position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${name(active.id)} moved to${position(over.id)}.`
        : `${name(active.id)} is not over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at${position(over.id)}.` : `${name(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = reorderIds(ids, String(active.id), String(over.id));
    if (next) onReorder(next);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

interface HandleProps {
  /** The handle's accessible name, e.g. "Drag to reorder the tag Golf". */
  label?: string | undefined;
}
const HandleContext = createContext<((p: HandleProps) => ReactNode) | null>(null);

/** One sortable item; render `<DragHandle>` somewhere inside it. */
export function SortableItem({
  id,
  disabled,
  children,
}: {
  id: string;
  disabled?: boolean | undefined;
  children: ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled: disabled ?? false });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    opacity: isDragging ? 0.85 : undefined,
  };
  const handle = ({ label }: HandleProps) =>
    disabled ? null : (
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={label ?? 'Drag to reorder'}
        style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        <IconGripVertical size={16} stroke={1.6} />
      </ActionIcon>
    );
  return (
    <div ref={setNodeRef} style={style}>
      <HandleContext.Provider value={handle}>{children}</HandleContext.Provider>
    </div>
  );
}

/** The drag handle of the enclosing SortableItem (nothing when it is read-only). */
export function DragHandle({ label }: HandleProps) {
  const render = useContext(HandleContext);
  return render ? <>{render({ label })}</> : null;
}

/** Rows rendered from items: `children(item, handle)` places the handle in the row. */
export function SortableRows<T>({
  items,
  idOf,
  labelOf,
  onReorder,
  disabled,
  children,
}: {
  items: readonly T[];
  idOf: (item: T) => string;
  /** How a screen reader names an item while it is moved. */
  labelOf: (item: T) => string;
  onReorder: (ids: string[]) => void;
  disabled?: boolean | undefined;
  children: (item: T, handle: ReactNode) => ReactNode;
}) {
  const byId = new Map(items.map((item) => [idOf(item), item]));
  return (
    <SortableList
      ids={items.map(idOf)}
      onReorder={onReorder}
      disabled={disabled}
      nameOf={(id) => {
        const item = byId.get(id);
        return item === undefined ? undefined : labelOf(item);
      }}
    >
      {items.map((item) => (
        <SortableItem key={idOf(item)} id={idOf(item)} disabled={disabled}>
          {children(item, <DragHandle />)}
        </SortableItem>
      ))}
    </SortableList>
  );
}
