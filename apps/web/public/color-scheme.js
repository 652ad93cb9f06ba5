// Applies the persisted colour scheme before the first paint so dark mode never flashes white.
// Mantine's localStorage manager stores it under this key; "auto" follows the OS. A file of its
// own (loaded synchronously from index.html) because the content security policy runs no inline
// script.
try {
  const stored = localStorage.getItem('mantine-color-scheme-value');
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const scheme = stored === 'light' || stored === 'dark' ? stored : dark ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // no storage (private mode): Mantine decides once it loads
}
