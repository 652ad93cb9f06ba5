import { Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/** A search field that reports its value after the user pauses typing. */
export function SearchBox({
  label,
  placeholder,
  onSearch,
  busy,
}: {
  label: string;
  placeholder: string;
  onSearch: (q: string) => void;
  busy?: boolean;
}) {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      leftSection={<IconSearch size={16} stroke={1.6} />}
      rightSection={busy ? <Loader size="xs" /> : null}
      type="search"
      maw={420}
      w="100%"
    />
  );
}
