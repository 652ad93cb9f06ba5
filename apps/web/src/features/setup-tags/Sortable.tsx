import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
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
import { reorderIds } from './tagsView';

/**
 * A vertical list the user reorders by dragging a handle (mouse, touch or keyboard: focus the
 * handle, Space, arrows, Space). `onReorder` gets the new order of ids; nothing is called when
 * nothing moved. With `disabled` (read-only users) there are no handles.
 */
export function SortableList({
  ids,
  onReorder,
  disabled,
  children,
}: {
  ids: string[];
  onReorder: (order: string[]) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = reorderIds(ids, String(active.id), String(over.id));
    if (next) onReorder(next);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

interface HandleProps {
  label: string;
}
const HandleContext = createContext<((p: HandleProps) => ReactNode) | null>(null);

/** One sortable item; render `<DragHandle label=...>` somewhere inside it. */
export function SortableItem({
  id,
  disabled,
  children,
}: {
  id: string;
  disabled?: boolean;
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
  } = useSortable({ id, disabled });
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
        {...attributes}
        {...listeners}
        aria-label={label}
        size="sm"
        style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      >
        <IconGripVertical size={14} />
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
