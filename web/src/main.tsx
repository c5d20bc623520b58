import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadRoute } from './app/router.tsx';
import { createI18n, loadLanguage, syncDocumentLanguage } from './lib/i18n.ts';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from './lib/languages.ts';
import { readSessionUser } from './lib/session.ts';
import { applyTheme, readThemePreference, resolveTheme, systemPrefersDark } from './lib/theme.ts';
import './index.css';

// Apply the theme before the first paint so a dark-mode visitor never sees a white flash.
applyTheme(resolveTheme(readThemePreference(), systemPrefersDark()));

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');

// The member's language is fetched before the first render (English is bundled): the inline
// shell of index.html stays on screen meanwhile, and no text ever flips from English. So is the
// address's route, already on its way (index.html preloads it): it then renders at once, without
// a suspension that would hold it back 300 ms (deferred-component.ts).
const language = pickLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY), readSessionUser()?.language, navigator.languages);
void Promise.all([
  loadLanguage(language).catch(() => undefined), // offline with a language never fetched: English, rather than nothing
  loadRoute(window.location.pathname).catch(() => undefined), // a failed chunk fails in the route as before
]).then(() => {
  const i18n = createI18n(language);
  syncDocumentLanguage(i18n);
  createRoot(root).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
