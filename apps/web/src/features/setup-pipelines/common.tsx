import { ActionIcon, Group, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useCurrentTeam } from '../session/CurrentUser';
import { solidVars, teamColorClasses } from '../../ui/teamColors';

/** Owners and admins change the setup; members see it read-only. */
export function useCanEditSetup(): boolean {
  const { team } = useCurrentTeam();
  return team.role === 'owner' || team.role === 'admin';
}

/**
 * A line of text that turns into an input on "Rename": Enter saves, Escape cancels, an empty
 * value is refused. `children` is what shows when not editing.
 */
export function InlineRename({
  value,
  label,
  onSave,
  saving,
  disabled,
  children,
  maxLength = 120,
}: {
  value: string;
  label: string;
  onSave: (next: string) => Promise<unknown>;
  saving?: boolean;
  disabled?: boolean;
  children: ReactNode;
  maxLength?: number;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (draft === null) {
    return (
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        {children}
        {!disabled && (
          <Tooltip label={`Rename ${label.toLowerCase()}`}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Rename ${label.toLowerCase()}`}
              onClick={() => {
                setDraft(value);
                setError(null);
              }}
            >
              <IconPencil size={14} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  }
  const save = async () => {
    const next = draft.trim();
    if (!next) {
      setError(`Enter a ${label.toLowerCase()}`);
      return;
    }
    if (next === value) {
      setDraft(null);
      return;
    }
    try {
      await onSave(next);
      setDraft(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Saving failed');
    }
  };
  return (
    <Group gap={4} wrap="nowrap" style={{ flex: 1 }}>
      <TextInput
        aria-label={label}
        value={draft}
        maxLength={maxLength}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            setDraft(null);
          }
        }}
        error={error}
        autoFocus
        size="xs"
        style={{ flex: 1 }}
      />
      <ActionIcon aria-label="Save" onClick={() => void save()} loading={saving} variant="light">
        <IconCheck size={14} />
      </ActionIcon>
      <ActionIcon aria-label="Cancel" onClick={() => setDraft(null)} variant="subtle" color="gray">
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}

/**
 * A small rounded colour chip showing a stage's (or phase's) colour and font colour, as the
 * board's header shows them in the current scheme (ui/teamColors).
 */
export function ColorChip({
  color,
  fontColor,
  children,
}: {
  color: string;
  fontColor?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={teamColorClasses.solid}
      style={{
        ...solidVars(color, fontColor),
        display: 'inline-block',
        padding: '2px 8px',
        borderRadius: 4,
        border: '1px solid var(--mantine-color-default-border)',
        fontSize: 'var(--mantine-font-size-sm)',
        fontWeight: 500,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        maxWidth: '100%',
      }}
    >
      {children}
    </span>
  );
}
