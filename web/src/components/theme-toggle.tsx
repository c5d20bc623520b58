import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '../lib/use-translation.ts';
import { useTheme } from '../hooks/use-theme.ts';
import { Button } from './ui/button.tsx';
import { Tooltip } from './ui/tooltip.tsx';

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme();
  const label = theme === 'dark' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Tooltip content={label}>
      <Button variant="ghost" size="icon" className={className} onClick={toggle} aria-label={label} data-testid="button-theme-toggle">
        {theme === 'dark' ? <Sun /> : <Moon />}
      </Button>
    </Tooltip>
  );
}
