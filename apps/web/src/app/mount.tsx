import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadScreen } from './screens';

/** Renders the app into #root (main.tsx loads this module after starting the prefetch). */
export function mount() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // The screen's code loads while the first render waits for the guard, not after it.
  preloadScreen(window.location.pathname);
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
