import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadScreen } from './screens';

/** Renders the app into #root (main.tsx loads this module after starting the prefetch). */
export function mount() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // The screen at this address renders as soon as its code (main.tsx asked for it) is in hand.
  preloadScreen(window.location.pathname);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
