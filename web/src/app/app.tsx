import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster.tsx';
import { TooltipProvider } from '../components/ui/tooltip.tsx';
import { createI18n, syncDocumentLanguage } from '../lib/i18n.ts';
import { LANGUAGE_STORAGE_KEY, pickLanguage } from '../lib/languages.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { readSessionUser } from '../lib/session.ts';
import { createRouter } from './router.tsx';

function startI18n() {
  const language = pickLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY), readSessionUser()?.language, navigator.languages);
  const instance = createI18n(language);
  syncDocumentLanguage(instance);
  return instance;
}

export function App() {
  const [i18n] = useState(startI18n);
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
