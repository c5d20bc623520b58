import { useCallback, useEffect, useState } from 'react';
import {
  applyTheme,
  readThemePreference,
  resolveTheme,
  systemPrefersDark,
  THEME_STORAGE_KEY,
  toggledTheme,
  watchSystemTheme,
  type ResolvedTheme,
  type ThemePreference,
} from '../lib/theme.ts';

/** The theme shown now, kept on <html>, following the OS while the preference is system. */
export function useTheme(): { theme: ResolvedTheme; toggle: () => void } {
  const [preference, setPreference] = useState<ThemePreference>(readThemePreference);
  const [prefersDark, setPrefersDark] = useState(systemPrefersDark);
  const theme = resolveTheme(preference, prefersDark);

  useEffect(() => watchSystemTheme(() => setPrefersDark(systemPrefersDark())), []);
  useEffect(() => applyTheme(theme), [theme]);

  const toggle = useCallback(() => {
    const next = toggledTheme(theme);
    localStorage.setItem(THEME_STORAGE_KEY, next);
    setPreference(next);
  }, [theme]);

  return { theme, toggle };
}
