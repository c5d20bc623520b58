import { Languages } from 'lucide-react';
import { useTranslation } from '../lib/use-translation.ts';
import { chooseLanguage } from '../lib/i18n.ts';
import { isLanguageCode, LANGUAGES } from '../lib/languages.ts';
import { Button } from './ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from './ui/dropdown-menu.tsx';

export function LanguageSwitcher({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="compact" data-testid="button-language">
          <Languages />
          <span className="text-xs font-semibold uppercase">{current.code}</span>
          {/* After the code shown, so the name read out starts with what is seen (WCAG 2.5.3). */}
          <span className="sr-only">{t('language.switcher')}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" minWidth="min-w-40">
        <DropdownMenuRadioGroup
          value={current.code}
          onValueChange={(code) => {
            if (isLanguageCode(code)) void chooseLanguage(i18n, code);
          }}
        >
          {LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language.code} value={language.code} lang={language.code} data-testid={`menu-item-language-${language.code}`}>
              {language.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
