import { ArrowRight, BadgeCheck, Bot, CreditCard, Fingerprint, HandCoins, Lock, PlayCircle, QrCode, Smartphone, Sparkles, Target, Users, type LucideIcon } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { renderSVG } from 'uqr';
import { Button } from '../../../components/ui/button.tsx';

/** The QR code's size on screen (spec part 2 §9: 300x300 px). */
export const QR_SIZE_PX = 300;

interface Item {
  icon: LucideIcon;
  key: string;
}

const FEATURES: Item[] = [
  { icon: Users, key: 'tontines' },
  { icon: HandCoins, key: 'loans' },
  { icon: Bot, key: 'assistant' },
  { icon: Smartphone, key: 'ussd' },
];
const SECURITY: Item[] = [
  { icon: Fingerprint, key: 'identity' },
  { icon: Lock, key: 'encryption' },
  { icon: BadgeCheck, key: 'scoring' },
];
const PAYMENTS: Item[] = [
  { icon: Smartphone, key: 'mobileMoney' },
  { icon: CreditCard, key: 'cards' },
];
const STEPS = ['signUp', 'verify', 'join', 'grow'] as const;

/**
 * /learn-more (spec part 2): hero, mission, four core features, three security items, two payment
 * options, four How It Works steps and a 300x300 QR code that opens Ikimina on a phone. Get
 * Started goes to /, Watch Demo to /demo.
 */
export function LearnMorePage() {
  const { t } = useTranslation();
  const origin = typeof window === 'undefined' ? 'https://ikimina.rw' : window.location.origin;
  const qr = useMemo(() => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(`${origin}/`, { border: 2 }))}`, [origin]);

  return (
    <div data-testid="page-learn-more">
      <section className="bg-gradient-to-br from-hero-from via-background to-hero-to">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 md:py-24 lg:px-8">
          <span className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-background/70 px-3 py-1 text-sm font-medium text-primary">
            <Sparkles className="size-4" />
            {t('learnMore.hero.badge')}
          </span>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('learnMore.hero.title')}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground text-pretty">{t('learnMore.hero.subtitle')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button size="lg" asChild>
              <Link to="/" data-testid="link-get-started">
                {t('learnMore.hero.getStarted')}
                <ArrowRight />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              <Link to="/demo" data-testid="link-watch-demo">
                <PlayCircle />
                {t('learnMore.hero.watchDemo')}
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-16 sm:px-6 lg:px-8" data-testid="section-mission">
        <div className="flex flex-col items-center gap-4 text-center">
          <Target className="size-8 text-primary" />
          <h2 className="text-3xl font-bold tracking-tight">{t('learnMore.mission.title')}</h2>
          <p className="text-lg leading-relaxed text-muted-foreground">{t('learnMore.mission.text')}</p>
        </div>
      </section>

      <Section title={t('learnMore.features.title')} items={FEATURES} prefix="learnMore.features" testId="section-features" columns="lg:grid-cols-4" />

      <section className="bg-muted/50">
        <Section title={t('learnMore.security.title')} items={SECURITY} prefix="learnMore.security" testId="section-security" columns="lg:grid-cols-3" />
      </section>

      <Section title={t('learnMore.payments.title')} items={PAYMENTS} prefix="learnMore.payments" testId="section-payments" columns="md:grid-cols-2" />

      <section className="bg-muted/50" data-testid="section-steps">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 className="text-center text-3xl font-bold tracking-tight">{t('learnMore.steps.title')}</h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, index) => (
              <li key={step} className="rounded-2xl border border-border bg-card p-6">
                <span className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">{index + 1}</span>
                <h3 className="mt-4 font-semibold">{t(`learnMore.steps.${step}Title`)}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`learnMore.steps.${step}Text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 lg:px-8" data-testid="section-qr">
        <QrCode className="size-8 text-primary" />
        <h2 className="text-3xl font-bold tracking-tight">{t('learnMore.qr.title')}</h2>
        <p className="max-w-xl text-muted-foreground">{t('learnMore.qr.text')}</p>
        <img
          src={qr}
          alt={t('learnMore.qr.alt')}
          width={QR_SIZE_PX}
          height={QR_SIZE_PX}
          className="rounded-2xl bg-white p-2 shadow-md"
          style={{ width: QR_SIZE_PX, height: QR_SIZE_PX }}
          data-testid="img-qr-code"
        />
        <Button size="lg" asChild>
          <Link to="/" data-testid="link-get-started-bottom">
            {t('learnMore.hero.getStarted')}
            <ArrowRight />
          </Link>
        </Button>
      </section>
    </div>
  );
}

function Section({ title, items, prefix, testId, columns }: { title: string; items: Item[]; prefix: string; testId: string; columns: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8" data-testid={testId}>
      <h2 className="text-center text-3xl font-bold tracking-tight">{title}</h2>
      <div className={`mt-10 grid gap-6 sm:grid-cols-2 ${columns}`}>
        {items.map(({ icon: Icon, key }) => (
          <div key={key} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon className="size-5" />
            </span>
            {/* Keys are built from the fixed lists above. */}
            <h3 className="mt-4 font-semibold">{t(`${prefix}.${key}Title` as 'learnMore.features.tontinesTitle')}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{t(`${prefix}.${key}Text` as 'learnMore.features.tontinesText')}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
