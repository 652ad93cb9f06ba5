import { Badge, Button, ColorInput, Group, TextInput } from '@mantine/core';
import { isColor, TAG_SWATCHES } from '@leadloom/core';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { isApiError } from '../../lib/api';
import { solidVars, teamColorClasses } from '../../ui/teamColors';

/** Colours offered next to the picker (the default tag-set colour first). */
export const SWATCHES = TAG_SWATCHES as string[];

/** A coloured chip: the tag or label as it shows on contacts, in the current scheme. */
export function ColorChip({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span className={teamColorClasses.chip} style={solidVars(isColor(color) ? color : '#868e96')}>
      {children}
    </span>
  );
}

/** The server's message for a field, when it named that field. */
function fieldError(error: unknown, field: string) {
  return isApiError(error) && error.field === field ? error.message : undefined;
}

/**
 * An inline form row: Enter saves, Escape cancels. `fields` render the inputs; the buttons sit
 * at the end. Errors from the server land on the field they name, or under the row.
 */
function InlineForm({
  onSubmit,
  onCancel,
  saving,
  error,
  saveLabel,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  saving: boolean;
  error: unknown;
  saveLabel: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onCancel();
    }
  };
  const general = isApiError(error) && !error.field ? error.message : null;
  return (
    <form onSubmit={submit} onKeyDown={onKeyDown}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        {children}
        <Group gap={6} wrap="nowrap" mt={1}>
          <Button type="submit" size="xs" loading={saving}>
            {saveLabel}
          </Button>
          <Button type="button" size="xs" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Group>
      {general && (
        <Badge color="red" variant="light" mt={6} tt="none">
          {general}
        </Badge>
      )}
    </form>
  );
}

export interface NameColor {
  name: string;
  color: string;
}

/** Name and colour: a tag set or a status label. */
export function NameColorForm({
  initial,
  nameLabel,
  saveLabel,
  saving,
  error,
  onSave,
  onCancel,
  nameField = 'name',
}: {
  initial: NameColor;
  nameLabel: string;
  saveLabel: string;
  saving: boolean;
  error: unknown;
  onSave: (value: NameColor) => void;
  onCancel: () => void;
  /** The server's name for the name field ("display" for labels). */
  nameField?: string;
}) {
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState(initial.color);
  const [touched, setTouched] = useState(false);
  const nameMissing = touched && !name.trim() ? `Enter a ${nameLabel.toLowerCase()}` : undefined;
  const colorBad = touched && !isColor(color) ? 'Enter a colour such as #1C7EBB' : undefined;
  return (
    <InlineForm
      saving={saving}
      error={error}
      saveLabel={saveLabel}
      onCancel={onCancel}
      onSubmit={() => {
        setTouched(true);
        if (name.trim() && isColor(color)) onSave({ name: name.trim(), color: color.trim() });
      }}
    >
      <TextInput
        aria-label={nameLabel}
        placeholder={nameLabel}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={nameMissing ?? fieldError(error, nameField)}
        data-autofocus
        autoFocus
        size="xs"
        w={220}
      />
      <ColorInput
        aria-label="Colour"
        value={color}
        onChange={setColor}
        swatches={SWATCHES}
        swatchesPerRow={6}
        format="hex"
        error={colorBad ?? fieldError(error, 'color')}
        size="xs"
        w={140}
        popoverProps={{ withinPortal: true }}
      />
    </InlineForm>
  );
}

export interface TagValues {
  name: string;
  value: string;
  remoteID: string;
  /** '' = the set's colour. */
  color: string;
}

export function TagForm({
  initial,
  setColor,
  saveLabel,
  saving,
  error,
  onSave,
  onCancel,
}: {
  initial: TagValues;
  setColor: string;
  saveLabel: string;
  saving: boolean;
  error: unknown;
  onSave: (value: TagValues) => void;
  onCancel: () => void;
}) {
  const [v, setV] = useState(initial);
  const [touched, setTouched] = useState(false);
  const set = (patch: Partial<TagValues>) => setV((old) => ({ ...old, ...patch }));
  const nameMissing = touched && !v.name.trim() ? 'Enter a tag name' : undefined;
  const colorBad =
    touched && v.color.trim() && !isColor(v.color) ? 'Enter a colour such as #1C7EBB' : undefined;
  return (
    <InlineForm
      saving={saving}
      error={error}
      saveLabel={saveLabel}
      onCancel={onCancel}
      onSubmit={() => {
        setTouched(true);
        if (!v.name.trim() || (v.color.trim() && !isColor(v.color))) return;
        onSave({
          name: v.name.trim(),
          value: v.value.trim(),
          remoteID: v.remoteID.trim(),
          color: v.color.trim(),
        });
      }}
    >
      <TextInput
        aria-label="Tag name"
        placeholder="Tag name"
        value={v.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={nameMissing ?? fieldError(error, 'name')}
        autoFocus
        size="xs"
        w={180}
      />
      <TextInput
        aria-label="Value"
        placeholder="Value (optional)"
        value={v.value}
        onChange={(e) => set({ value: e.currentTarget.value })}
        error={fieldError(error, 'value')}
        size="xs"
        w={150}
      />
      <TextInput
        aria-label="Remote ID"
        placeholder="Remote ID (optional)"
        value={v.remoteID}
        onChange={(e) => set({ remoteID: e.currentTarget.value })}
        error={fieldError(error, 'remoteID')}
        size="xs"
        w={150}
      />
      <ColorInput
        aria-label="Tag colour"
        placeholder={`Set colour (${setColor})`}
        value={v.color}
        onChange={(color) => set({ color })}
        swatches={SWATCHES}
        swatchesPerRow={6}
        format="hex"
        error={colorBad ?? fieldError(error, 'color')}
        size="xs"
        w={170}
        popoverProps={{ withinPortal: true }}
      />
    </InlineForm>
  );
}
