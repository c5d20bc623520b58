import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyTheme, readThemePreference, resolveTheme, systemPrefersDark } from './lib/theme.ts';
import './index.css';

// Apply the theme before the first paint so a dark-mode visitor never sees a white flash.
applyTheme(resolveTheme(readThemePreference(), systemPrefersDark()));

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
