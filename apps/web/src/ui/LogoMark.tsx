import { useMantineTheme } from '@mantine/core';

/** The Leadloom mark: two woven "L" threads on the brand colour. */
export function LogoMark({ size = 28 }: { size?: number }) {
  const theme = useMantineTheme();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill={theme.colors.loom?.[8] ?? '#008c7b'} />
      <path
        d="M9 8v16h14"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M14 8v11h9"
        fill="none"
        stroke="#fff"
        strokeOpacity=".6"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
