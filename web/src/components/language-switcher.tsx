import { useQueryClient } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { saveAccountLanguage } from '../lib/save-account-language.ts';
import { toast } from '../hooks/use-toast.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { chooseLanguage } from '../lib/i18n.ts';
import { isLanguageCode, LANGUAGES, type LanguageCode } from '../lib/languages.ts';
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
  const queryClient = useQueryClient();
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];

  // The page switches at once; a signed-in member's account (SMS, e-mails, USSD) follows, and if
  // the server cannot be told, the member is told so in the language just chosen.
  async function choose(code: LanguageCode) {
    await chooseLanguage(i18n, code);
    try {
      await saveAccountLanguage(code);
      // The key of GET /api/user (features/users/api/get-user.ts), written out: importing that
      // module here would move it into the menus chunk, which the dashboard would then wait for.
      await queryClient.invalidateQueries({ queryKey: ['/api/user'] });
      // Notifications are worded in the account's language when read (the bell's key, get-notifications.ts, written out likewise).
      await queryClient.invalidateQueries({ queryKey: ['/api/notifications'] });
    } catch {
      toast({ variant: 'destructive', title: i18n.t('language.notSaved') });
    }
  }

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
            if (isLanguageCode(code)) void choose(code);
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
