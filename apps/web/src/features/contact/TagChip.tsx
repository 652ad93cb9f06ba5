import { Badge, CloseButton } from '@mantine/core';
import { solidVars, teamColorClasses } from '../../ui/teamColors';
import type { ContactTag } from './types';

/**
 * A tag on the contact as a coloured chip (the team colour rule, both schemes); × removes it.
 * Orphaned tags show dashed.
 */
export function TagChip({
  tag,
  fallbackColor,
  onRemove,
  removing,
}: {
  tag: ContactTag;
  fallbackColor?: string;
  onRemove: () => void;
  removing?: boolean;
}) {
  const color = tag.color || fallbackColor || '#1C7EBB';
  return (
    <Badge
      color={color}
      variant={tag.orphaned ? 'outline' : 'filled'}
      className={tag.orphaned ? undefined : teamColorClasses.badge}
      radius="sm"
      size="lg"
      tt="none"
      fw={500}
      style={tag.orphaned ? { borderStyle: 'dashed' } : solidVars(color)}
      title={tag.orphaned ? `${tag.name} (in no tag set any more)` : tag.name}
      rightSection={
        <CloseButton
          size="xs"
          variant="transparent"
          c="inherit"
          aria-label={`Remove tag ${tag.name}`}
          disabled={removing}
          onClick={onRemove}
        />
      }
      pr={2}
    >
      {tag.name}
    </Badge>
  );
}
