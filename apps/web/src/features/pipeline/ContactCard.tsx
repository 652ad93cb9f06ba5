import { Avatar, Badge, Card, VisuallyHidden } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconClock } from '@tabler/icons-react';
import { memo, type CSSProperties, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '../../ui/relativeTime';
import { tintVars } from '../../ui/teamColors';
import classes from './Board.module.css';
import type { BoardCard, CardTag } from './types';
import { safeUrl } from '../../lib/safeUrl';

/** Every card has the same height (px), so a virtual column knows where each one is. */
export const CARD_HEIGHT = 104;
/** Tag chips shown on a card; the rest count as "+N". */
const MAX_TAGS = 3;
/** Space between two cards (px). */
export const CARD_GAP = 8;
/**
 * Marks a card's name for the Element Timing API, so a benchmark (bench/board-paint) can read
 * when the first card was painted. Spread because the attribute is not in React's types.
 */
export const CARD_PAINT_TIMING: Record<string, string> = { elementtiming: 'board-card' };

export function displayName(card: BoardCard): string {
  return (
    card.fullName?.trim() ||
    [card.firstName, card.lastName].filter(Boolean).join(' ').trim() ||
    card.emailAddress ||
    card.GTID
  );
}

function TagChips({ tags }: { tags: CardTag[] }) {
  const shown = tags.slice(0, MAX_TAGS);
  const rest = tags.length - shown.length;
  return (
    <div className={classes.tagRow} aria-label="Tags">
      {shown.map((tag) => (
        <span
          key={tag.tagID}
          className={classes.tagChip}
          style={tintVars(tag.color)}
          title={tag.name}
        >
          {tag.name}
        </span>
      ))}
      {rest > 0 && (
        <span
          className={`${classes.tagChip} ${classes.tagMore}`}
          title={tags
            .slice(MAX_TAGS)
            .map((t) => t.name)
            .join(', ')}
        >
          +{rest}
        </span>
      )}
    </div>
  );
}

/**
 * What a card shows. Memoised on the card: while a card is dragged every sortable card
 * re-renders on each move (dnd-kit's context changes), and this keeps that to the outer frame.
 * Plain elements with the module's classes rather than Mantine's Group, Stack and Text: a board
 * renders some 70 of these at once, and their style-prop resolution was most of its first
 * render.
 */
const CardBody = memo(function CardBody({ card }: { card: BoardCard }) {
  const name = displayName(card);
  const activity = relativeTime(card.lastActivityAt);
  return (
    <div className={classes.cardRow}>
      <Avatar src={safeUrl(card.photoURL)} name={name} color="initials" size={32} alt="" />
      <div className={classes.cardText}>
        <p className={classes.cardName} {...CARD_PAINT_TIMING}>
          {name}
        </p>
        {card.emailAddress && <p className={classes.cardLine}>{card.emailAddress}</p>}
        {(activity || card.statusLabel) && (
          <div className={classes.cardMeta}>
            {activity ? (
              <span className={classes.cardInline}>
                <IconClock size={12} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
                <span className={classes.cardDimmed} title={card.lastActivityAt ?? undefined}>
                  {activity}
                </span>
              </span>
            ) : (
              <span />
            )}
            {card.statusLabel && (
              <span
                className={classes.cardInline}
                title={`Label: ${card.statusLabel.display}`}
                style={{ '--label-color': card.statusLabel.color } as CSSProperties}
              >
                <span className={classes.labelDot} aria-hidden />
                <span className={classes.cardLabel}>{card.statusLabel.display}</span>
              </span>
            )}
          </div>
        )}
        {card.tags.length > 0 && <TagChips tags={card.tags} />}
      </div>
    </div>
  );
});

/**
 * One contact on the board: a real link (middle-click and "open in new tab" work) that can be
 * dragged to another place (pointer after 6 px, or Space then the arrow keys).
 */
export const ContactCard = memo(function ContactCard({
  card,
  stageUID,
  selected = false,
  carried = false,
  isNew = false,
  onSelect,
}: {
  card: BoardCard;
  stageUID: string;
  selected?: boolean;
  /** Picked up with the keyboard (Space) and carried with the arrow keys. */
  carried?: boolean;
  /** A contact just created from this board: lit, with a "New" mark, while the eye finds it. */
  isNew?: boolean;
  /** Ctrl/Cmd-click toggles the card in the selection; Shift-click extends it. */
  onSelect?: (GTID: string, mode: 'toggle' | 'range') => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: card.GTID,
    data: { type: 'card', stageUID },
  });
  // A link keeps its own role; dnd-kit's "button" role would hide it from link navigation.
  const { role: _role, ...dragAttributes } = attributes;
  const pick = (event: MouseEvent) => {
    if (!onSelect || !(event.ctrlKey || event.metaKey || event.shiftKey)) return;
    event.preventDefault();
    onSelect(card.GTID, event.shiftKey ? 'range' : 'toggle');
  };
  return (
    <Card
      component={Link}
      to={`/contact/${encodeURIComponent(card.GTID)}`}
      ref={setNodeRef}
      className={classes.card}
      padding="xs"
      draggable={false}
      data-card-id={card.GTID}
      data-dragging={isDragging || undefined}
      data-carried={carried || undefined}
      data-selected={selected || undefined}
      data-new={isNew || undefined}
      onClick={pick}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...dragAttributes}
      aria-roledescription="draggable contact"
      {...listeners}
    >
      <CardBody card={card} />
      {selected && <VisuallyHidden>(selected)</VisuallyHidden>}
      {isNew && (
        <Badge className={classes.newBadge} size="xs" variant="filled">
          New
        </Badge>
      )}
    </Card>
  );
});

/** The card that follows the pointer while dragging (not a link: it is only a picture). */
export function DraggedCard({ card, more = 0 }: { card: BoardCard; more?: number }) {
  return (
    <Card className={classes.card} data-overlay padding="xs" shadow="md" h={CARD_HEIGHT}>
      <CardBody card={card} />
      {more > 0 && (
        <Badge className={classes.moreBadge} size="sm" variant="filled">
          +{more}
        </Badge>
      )}
    </Card>
  );
}
