import { AlertCircle, Home } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/** Any path outside the route table (spec part 2). */
export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-16" data-testid="page-not-found">
      <Card className="w-full max-w-md p-8">
        <div className="flex items-center gap-3">
          <AlertCircle className="size-8 shrink-0 text-destructive" />
          <h1 className="text-2xl font-bold tracking-tight">{t('notFound.title')}</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">{t('notFound.text')}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">
            <Home />
            {t('notFound.backHome')}
          </Link>
        </Button>
      </Card>
    </div>
  );
}
