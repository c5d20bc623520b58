import {
  ArrowRight,
  BadgeCheck,
  BarChart3,
  Bell,
  Bot,
  Building2,
  CreditCard,
  Fingerprint,
  HandCoins,
  Lock,
  MessagesSquare,
  Network,
  PlayCircle,
  QrCode,
  ScanFace,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Users,
} from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { localeFormats } from '../../../lib/locale-format.ts';

interface Feature {
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
}

/**
 * The public landing page (spec part 1 §1, §2.3). Get Started Today and Sign Up Now open the
 * sign-in dialog (the app reloads the page after success); Learn More and Watch Demo navigate.
 */
export function LandingPage({ onGetStarted, onSignUp }: { onGetStarted: () => void; onSignUp: () => void }) {
  const { t } = useTranslation();

  const memberFeatures: Feature[] = [
    { icon: Sparkles, title: t('landing.members.tontinesTitle'), text: t('landing.members.tontinesText') },
    { icon: HandCoins, title: t('landing.members.loansTitle'), text: t('landing.members.loansText') },
    { icon: MessagesSquare, title: t('landing.members.chatTitle'), text: t('landing.members.chatText') },
    { icon: Bot, title: t('landing.members.advisorTitle'), text: t('landing.members.advisorText') },
  ];
  const businessFeatures: Feature[] = [
    { icon: QrCode, title: t('landing.business.qrTitle'), text: t('landing.business.qrText') },
    { icon: Building2, title: t('landing.business.accountsTitle'), text: t('landing.business.accountsText') },
    { icon: Network, title: t('landing.business.agentsTitle'), text: t('landing.business.agentsText') },
    { icon: BarChart3, title: t('landing.business.analyticsTitle'), text: t('landing.business.analyticsText') },
  ];
  const paymentOptions: Feature[] = [
    { icon: Smartphone, title: t('landing.payments.ussdTitle'), text: t('landing.payments.ussdText') },
    { icon: CreditCard, title: t('landing.payments.cardsTitle'), text: t('landing.payments.cardsText') },
    { icon: QrCode, title: t('landing.payments.qrTitle'), text: t('landing.payments.qrText') },
    { icon: Bell, title: t('landing.payments.remindersTitle'), text: t('landing.payments.remindersText') },
  ];
  const securityClaims: Feature[] = [
    { icon: BadgeCheck, title: t('landing.security.creditTitle'), text: t('landing.security.creditText') },
    { icon: Fingerprint, title: t('landing.security.idTitle'), text: t('landing.security.idText') },
    { icon: ScanFace, title: t('landing.security.faceTitle'), text: t('landing.security.faceText') },
    { icon: Lock, title: t('landing.security.encryptionTitle'), text: t('landing.security.encryptionText') },
  ];
  const figures = [
    { value: t('landing.stats.usersValue'), label: t('landing.stats.users') },
    { value: t('landing.stats.groupsValue'), label: t('landing.stats.groups') },
    { value: t('landing.stats.merchantsValue'), label: t('landing.stats.merchants') },
    { value: t('landing.stats.agentsValue'), label: t('landing.stats.agents') },
  ];

  return (
    <div data-testid="page-landing">
      <section className="relative overflow-hidden bg-gradient-to-br from-hero-from via-background to-hero-to">
        <div className="pointer-events-none absolute -right-32 -top-32 size-[28rem] rounded-full bg-primary/10 blur-3xl" />
        <div className="pointer-events-none absolute -bottom-40 -left-24 size-[24rem] rounded-full bg-accent/15 blur-3xl" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-14 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pb-24">
          <div>
            <span className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-background/70 px-3 py-1 text-sm font-medium text-primary backdrop-blur">
              <Sparkles className="size-4" />
              {t('landing.hero.badge')}
            </span>
            <h1 className="mt-6 text-4xl font-extrabold leading-[1.08] tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {t('landing.hero.title')}
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-muted-foreground text-pretty">{t('landing.hero.subtitle')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button size="lg" onClick={onGetStarted} data-testid="button-get-started">
                {t('landing.hero.getStarted')}
                <ArrowRight />
              </Button>
              <Button size="lg" variant="outline" asChild>
                <Link to="/demo" data-testid="link-watch-demo">
                  <PlayCircle />
                  {t('landing.hero.watchDemo')}
                </Link>
              </Button>
              <Button size="lg" variant="ghost" asChild>
                <Link to="/learn-more" data-testid="link-learn-more">
                  {t('landing.hero.learnMore')}
                </Link>
              </Button>
            </div>
          </div>
          <HeroCard />
        </div>
      </section>

      <section aria-label={t('landing.stats.label')} className="border-y border-border bg-card">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
          {figures.map(({ value, label }) => (
            <div key={label} className="text-center">
              <dd className="text-3xl font-extrabold tracking-tight text-primary sm:text-4xl">{value}</dd>
              <dt className="mt-1 text-sm font-medium text-muted-foreground">{label}</dt>
            </div>
          ))}
        </dl>
      </section>

      <FeatureSection
        id="members"
        eyebrow={t('landing.members.eyebrow')}
        title={t('landing.members.title')}
        subtitle={t('landing.members.subtitle')}
        features={memberFeatures}
      />

      <section className="bg-muted/50">
        <FeatureSection
          id="business"
          eyebrow={t('landing.business.eyebrow')}
          title={t('landing.business.title')}
          subtitle={t('landing.business.subtitle')}
          features={businessFeatures}
          tone="accent"
        />
      </section>

      <FeatureSection id="payments" eyebrow={t('landing.payments.eyebrow')} title={t('landing.payments.title')} features={paymentOptions} />

      <section className="bg-foreground text-background dark:bg-card dark:text-foreground">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading
            eyebrow={t('landing.security.eyebrow')}
            title={t('landing.security.title')}
            subtitle={t('landing.security.subtitle')}
            inverted
          />
          <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {securityClaims.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-2xl border border-background/10 bg-background/5 p-6 dark:border-border dark:bg-muted/40">
                <Icon className="size-6 text-accent" />
                <h3 className="mt-4 font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed opacity-75">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="relative overflow-hidden rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
          <div className="pointer-events-none absolute -right-16 -top-16 size-64 rounded-full bg-accent/30 blur-2xl" />
          <ShieldCheck className="relative mx-auto size-10 opacity-90" />
          <h2 className="relative mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{t('landing.cta.title')}</h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg opacity-90">{t('landing.cta.text')}</p>
          <Button size="lg" variant="accent" className="relative mt-8" onClick={onSignUp} data-testid="button-sign-up-now">
            {t('landing.cta.signUp')}
            <ArrowRight />
          </Button>
        </div>
      </section>

      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6 lg:px-8">
          <p>{t('landing.footer.tagline')}</p>
          <nav className="flex flex-wrap gap-x-5">
            <Link className="inline-flex min-h-11 min-w-11 items-center justify-center hover:text-foreground" to="/learn-more">
              {t('landing.footer.learnMore')}
            </Link>
            <Link className="inline-flex min-h-11 min-w-11 items-center justify-center hover:text-foreground" to="/demo">
              {t('landing.footer.demo')}
            </Link>
            <Link className="inline-flex min-h-11 min-w-11 items-center justify-center hover:text-foreground" to="/privacy">
              {t('landing.footer.privacy')}
            </Link>
            <Link className="inline-flex min-h-11 min-w-11 items-center justify-center hover:text-foreground" to="/terms">
              {t('landing.footer.terms')}
            </Link>
          </nav>
          <p>{t('landing.footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  );
}

function SectionHeading({
  eyebrow,
  title,
  subtitle,
  inverted = false,
}: {
  eyebrow: string;
  title: string;
  subtitle?: string | undefined;
  inverted?: boolean;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className={inverted ? 'text-sm font-semibold uppercase tracking-widest text-accent' : 'text-sm font-semibold uppercase tracking-widest text-primary'}>
        {eyebrow}
      </p>
      <h2 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h2>
      {subtitle !== undefined && <p className={inverted ? 'mt-4 text-lg opacity-75' : 'mt-4 text-lg text-muted-foreground'}>{subtitle}</p>}
    </div>
  );
}

function FeatureSection({
  id,
  eyebrow,
  title,
  subtitle,
  features,
  tone = 'primary',
}: {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  features: Feature[];
  tone?: 'primary' | 'accent';
}) {
  return (
    <div id={id} className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
      <SectionHeading eyebrow={eyebrow} title={title} subtitle={subtitle} />
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ icon: Icon, title: featureTitle, text }) => (
          <FeatureCard key={featureTitle} title={featureTitle} text={text} tone={tone}>
            <Icon className="size-5" />
          </FeatureCard>
        ))}
      </div>
    </div>
  );
}

function FeatureCard({ title, text, tone, children }: { title: string; text: string; tone: 'primary' | 'accent'; children: ReactNode }) {
  return (
    <div className="group rounded-2xl border border-border bg-card p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <span
        className={
          tone === 'accent'
            ? 'flex size-11 items-center justify-center rounded-xl bg-accent/20 text-accent-foreground dark:text-accent'
            : 'flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary'
        }
      >
        {children}
      </span>
      <h3 className="mt-5 font-semibold leading-snug">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
    </div>
  );
}

/** An illustration of a savings group as the app shows it; decorative, hidden from screen readers. */
function HeroCard() {
  const { t, i18n } = useTranslation();
  const members = ['AU', 'JM', 'EK', 'CN'];
  return (
    <div className="relative mx-auto w-full max-w-sm" aria-hidden="true">
      <div className="absolute -inset-4 rotate-3 rounded-[2rem] bg-primary/15" />
      <div className="relative rounded-[1.75rem] border border-border bg-card p-6 shadow-2xl">
        <div className="flex items-center justify-between">
          <div>
            <p className="font-semibold">{t('landing.hero.cardTitle')}</p>
            <p className="text-sm text-muted-foreground">{t('landing.hero.cardSubtitle')}</p>
          </div>
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Users className="size-5" />
          </span>
        </div>
        <div className="mt-6 rounded-2xl bg-gradient-to-br from-primary to-primary/80 p-5 text-primary-foreground">
          <p className="text-sm opacity-85">{t('landing.hero.cardPool')}</p>
          <p className="mt-1 text-3xl font-bold tabular-nums">
            {localeFormats(i18n.language).number(600_000)} <span className="text-base font-medium opacity-85">{t('common.rwf')}</span>
          </p>
          <div className="mt-4 h-2 overflow-hidden rounded-full bg-primary-foreground/25">
            <div className="h-full w-[83%] rounded-full bg-accent" />
          </div>
          <p className="mt-2 text-xs opacity-85">{t('landing.hero.cardPaid')}</p>
        </div>
        <div className="mt-5 flex items-center justify-between">
          <div className="flex -space-x-2">
            {members.map((initials, index) => (
              <span
                key={initials}
                className="flex size-9 items-center justify-center rounded-full border-2 border-card text-xs font-semibold text-white"
                style={{ background: ['#0f766e', '#b45309', '#7c3aed', '#be123c'][index] }}
              >
                {initials}
              </span>
            ))}
            <span className="flex size-9 items-center justify-center rounded-full border-2 border-card bg-muted text-xs font-semibold text-muted-foreground">
              +8
            </span>
          </div>
          <div className="text-right">
            <p className="text-xs text-muted-foreground">{t('landing.hero.cardNext')}</p>
            <p className="text-sm font-semibold">{t('landing.hero.cardNextValue')}</p>
          </div>
        </div>
      </div>
    </div>
  );
}
