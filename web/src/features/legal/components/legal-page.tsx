import { ArrowLeft, FileText, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { loadLegalContent } from '../content/load-content.ts';
import type { LegalContent } from '../content/types.ts';
import { LAST_UPDATED, LEGAL_CONTACT, type LegalFigures } from '../legal-figures.ts';

/**
 * /privacy and /terms (spec part 2 "Privacy and Terms"): static text in the reader's language,
 * 'Back to Home', last updated October 27, 2025, and the contact for privacy and legal matters.
 */
export function LegalPage({ kind, figures, failed }: { kind: 'privacy' | 'terms'; figures: LegalFigures | undefined; failed: boolean }) {
  const { t, i18n } = useTranslation();
  const [content, setContent] = useState<{ language: string; build: LegalContent } | null>(null);

  useEffect(() => {
    let current = true;
    void loadLegalContent(i18n.language).then((build) => current && setContent({ language: i18n.language, build }));
    return () => {
      current = false;
    };
  }, [i18n.language]);

  const document = content && figures ? content.build(figures, LEGAL_CONTACT)[kind] : null;
  const Icon = kind === 'privacy' ? ShieldCheck : FileText;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8" data-testid={`page-${kind}`}>
      <Button asChild variant="ghost" className="-ml-3">
        <Link to="/" data-testid="link-back-home">
          <ArrowLeft />
          {t('legal.backToHome')}
        </Link>
      </Button>
      {failed && <p className="mt-6 text-sm text-destructive">{t('legal.loadError')}</p>}
      {!document && !failed && <p className="mt-6 text-sm text-muted-foreground">{t('legal.loading')}</p>}
      {document && (
        <article className="mt-4">
          <div className="flex items-center gap-3">
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon className="size-5" />
            </span>
            <h1 className="text-3xl font-bold tracking-tight">{document.title}</h1>
          </div>
          <p className="mt-3 text-sm text-muted-foreground" data-testid="text-last-updated">
            {t('legal.lastUpdated', { date: LAST_UPDATED.toLocaleDateString(i18n.language === 'rw' ? 'en' : i18n.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }) })}
          </p>
          <p className="mt-6 leading-relaxed">{document.intro}</p>
          {document.sections.map((section) => (
            <section key={section.heading} className="mt-8">
              <h2 className="text-xl font-semibold tracking-tight">{section.heading}</h2>
              {section.items && (
                <ul className="mt-3 grid list-disc gap-2 pl-5 leading-relaxed">
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph} className="mt-3 leading-relaxed">
                  {paragraph}
                </p>
              ))}
            </section>
          ))}
          <section className="mt-10 rounded-2xl border border-border bg-muted/40 p-5 text-sm" data-testid="section-legal-contact">
            <h2 className="font-semibold">{t('legal.contactTitle')}</h2>
            <p className="mt-2">
              {t(kind === 'privacy' ? 'legal.contactPrivacy' : 'legal.contactLegal')}{' '}
              <a className="font-medium text-primary underline" href={`mailto:${kind === 'privacy' ? LEGAL_CONTACT.privacyEmail : LEGAL_CONTACT.legalEmail}`}>
                {kind === 'privacy' ? LEGAL_CONTACT.privacyEmail : LEGAL_CONTACT.legalEmail}
              </a>
              {' · '}
              <a className="font-medium text-primary underline" href={`tel:${LEGAL_CONTACT.phone.replaceAll(' ', '')}`}>
                {LEGAL_CONTACT.phone}
              </a>
              {' · '}
              {t('legal.address')}
            </p>
          </section>
          <Button asChild variant="outline" className="mt-8">
            <Link to="/" data-testid="link-back-home-bottom">
              <ArrowLeft />
              {t('legal.backToHome')}
            </Link>
          </Button>
        </article>
      )}
    </div>
  );
}
