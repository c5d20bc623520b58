import { ArrowRight, BookOpen, Gauge, HandCoins, LogIn, PiggyBank, Users, Wallet } from 'lucide-react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';

/**
 * /dashboard for a signed-out visitor (spec part 1 §2.4): a welcome with Sign In and Learn
 * More, quick links to /loans, /tontines, /education and /loans, and every stat at zero.
 */
export function DashboardWelcome({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  const stats = [
    { label: t('dashboard.totalSavings'), value: `0 ${t('common.rwf')}`, icon: PiggyBank },
    { label: t('dashboard.activeTontines'), value: '0', icon: Users },
    { label: t('dashboard.creditScore'), value: '0', icon: Gauge },
    { label: t('dashboard.activeLoans'), value: '0', icon: Wallet },
  ];
  const quickLinks = [
    { to: '/loans', title: t('dashboard.applyLoanTitle'), text: t('dashboard.applyLoanText'), icon: HandCoins },
    { to: '/tontines', title: t('dashboard.joinTontineTitle'), text: t('dashboard.joinTontineText'), icon: Users },
    { to: '/education', title: t('dashboard.learnTitle'), text: t('dashboard.learnText'), icon: BookOpen },
    { to: '/loans', title: t('dashboard.creditTitle'), text: t('dashboard.creditText'), icon: Gauge },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <section className="rounded-3xl bg-gradient-to-br from-hero-from to-hero-to px-6 py-10 sm:px-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl" data-testid="text-dashboard-welcome">
          {t('dashboard.welcomeTitle')}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{t('dashboard.welcomeText')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button size="lg" onClick={onSignIn} data-testid="button-dashboard-sign-in">
            <LogIn />
            {t('dashboard.signIn')}
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to="/learn-more">{t('dashboard.learnMore')}</Link>
          </Button>
        </div>
      </section>

      <section className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map(({ label, value, icon: Icon }) => (
          <Card key={label} className="p-5">
            <div className="flex items-center justify-between text-sm text-muted-foreground">
              {label}
              <Icon className="size-4" />
            </div>
            <p className="mt-2 text-2xl font-semibold tabular-nums">{value}</p>
          </Card>
        ))}
      </section>

      <section className="grid gap-4">
        <h2 className="text-xl font-semibold">{t('dashboard.quickLinksTitle')}</h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {quickLinks.map(({ to, title, text, icon: Icon }) => (
            <Link
              key={title}
              to={to}
              className="group rounded-2xl border border-border bg-card p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-5" />
              </span>
              <h3 className="mt-4 flex items-center gap-1 font-semibold">
                {title}
                <ArrowRight className="size-4 opacity-0 transition group-hover:translate-x-0.5 group-hover:opacity-100" />
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
