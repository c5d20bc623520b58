import { Accordion } from 'radix-ui';
import { ArrowLeft, Bot, BookOpen, Check, ChevronDown, Clock, HandCoins, Lightbulb, Network, Smartphone, Store, Users, type LucideIcon } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SkeletonCards } from '../../../components/skeleton.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { useLearningFigures, type LearningFigures } from '../api/get-learning-figures.ts';
import { lessonKey, useLessonProgress, useSetLessonProgress } from '../api/lesson-progress.ts';
import { loadEducationContent } from '../content/load-content.ts';
import type { EducationContent, FigureFormat, ModuleText } from '../content/types.ts';

const ICONS: Record<string, LucideIcon> = {
  tontines: Users,
  loans: HandCoins,
  payments: Smartphone,
  'agent-network': Network,
  'merchant-services': Store,
  'ai-assistant': Bot,
};

const DIFFICULTY_VARIANT = { beginner: 'success', intermediate: 'warning', advanced: 'destructive' } as const;

/**
 * /education (spec part 2 "Learning modules"): a grid of the six modules; a chosen module shows
 * its lessons as a single-open collapsible list, with Back to Modules and Ask AI. Figures in the
 * lessons come from the server's rules (GET /api/education/figures).
 */
export function EducationPage({ signedIn, onAskAi }: { signedIn: boolean; onAskAi: (question: string) => void }) {
  const { t, i18n } = useTranslation();
  const figures = useLearningFigures();
  const progress = useLessonProgress(signedIn);
  const setProgress = useSetLessonProgress(signedIn);
  const [content, setContent] = useState<{ language: string; build: EducationContent } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void loadEducationContent(i18n.language).then((build) => current && setContent({ language: i18n.language, build }));
    return () => {
      current = false;
    };
  }, [i18n.language]);

  const texts = useMemo(() => {
    if (!content || !figures.data) return null;
    const format: FigureFormat = {
      rwf: (francs) => `${francs.toLocaleString(i18n.language === 'rw' ? 'en' : i18n.language)} ${figures.data.currency}`,
      percent: (value) => `${value.toLocaleString(i18n.language === 'rw' ? 'en' : i18n.language)} %`,
    };
    return content.build(figures.data, format);
  }, [content, figures.data, i18n.language]);

  const open = (id: string | null) => {
    setSelected(id);
    window.scrollTo({ top: 0 });
  };
  const finished = new Set(progress.data ?? []);
  const module = selected === null ? undefined : figures.data?.modules.find((m) => m.id === selected);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8" data-testid="page-education">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <BookOpen className="size-5" />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('education.title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('education.subtitle')}</p>
        </div>
      </div>

      {figures.isError && (
        <Card tone="error" className="mt-8 p-6 text-sm" data-testid="text-education-error">
          {t('education.loadError')}
        </Card>
      )}
      {(!texts || figures.isPending) && !figures.isError && (
        <SkeletonCards count={6} className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" cardClassName="h-64" testId="skeleton-education" label={t('education.loading')} />
      )}

      {texts && figures.data && !module && <ModuleGrid figures={figures.data} texts={texts} finished={finished} onOpen={open} />}

      {texts && module && texts[module.id] && (
        <ModuleLessons
          module={module}
          text={texts[module.id]!}
          finished={finished}
          onBack={() => open(null)}
          onAskAi={() => onAskAi(t('education.askAiQuestion', { module: texts[module.id]!.title }))}
          onToggle={(lessonId, done) => setProgress.mutate({ moduleId: module.id, lessonId, finished: done })}
          saving={setProgress.isPending}
          saveFailed={setProgress.isError}
        />
      )}
    </div>
  );
}

function ModuleGrid({
  figures,
  texts,
  finished,
  onOpen,
}: {
  figures: LearningFigures;
  texts: Record<string, ModuleText>;
  finished: Set<string>;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {figures.modules.map((module) => {
        const text = texts[module.id];
        if (!text) return null;
        const Icon = ICONS[module.id] ?? BookOpen;
        const done = module.lessons.filter((lesson) => finished.has(lessonKey(module.id, lesson))).length;
        return (
          <button
            key={module.id}
            type="button"
            onClick={() => onOpen(module.id)}
            className="group flex flex-col rounded-2xl border border-border bg-card p-6 text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid={`card-module-${module.id}`}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-5" />
              </span>
              <Badge variant={DIFFICULTY_VARIANT[module.difficulty]}>{t(`education.difficulty.${module.difficulty}`)}</Badge>
            </div>
            <h2 className="mt-5 text-lg font-semibold leading-snug">{text.title}</h2>
            <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{text.description}</p>
            <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <Clock className="size-3.5" />
                {t('education.duration', { minutes: module.durationMinutes })}
              </span>
              <span>{t('education.lessonCount', { count: module.lessons.length })}</span>
              <span className={cn(done === module.lessons.length && 'font-semibold text-emerald-700 dark:text-emerald-400')} data-testid={`text-module-progress-${module.id}`}>
                {t('education.progress', { done, total: module.lessons.length })}
              </span>
            </div>
            <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-muted">
              <div className="h-full rounded-full bg-primary transition-all" style={{ width: `${(done / module.lessons.length) * 100}%` }} />
            </div>
          </button>
        );
      })}
    </div>
  );
}

function ModuleLessons({
  module,
  text,
  finished,
  onBack,
  onAskAi,
  onToggle,
  saving,
  saveFailed,
}: {
  module: LearningFigures['modules'][number];
  text: ModuleText;
  finished: Set<string>;
  onBack: () => void;
  onAskAi: () => void;
  onToggle: (lessonId: string, finished: boolean) => void;
  saving: boolean;
  saveFailed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-8" data-testid={`module-${module.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" onClick={onBack} data-testid="button-back-to-modules">
          <ArrowLeft />
          {t('education.backToModules')}
        </Button>
        <Button variant="secondary" onClick={onAskAi} data-testid="button-ask-ai">
          <Bot />
          {t('education.askAi')}
        </Button>
      </div>
      <Card className="mt-4 p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={DIFFICULTY_VARIANT[module.difficulty]}>{t(`education.difficulty.${module.difficulty}`)}</Badge>
          <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
            <Clock className="size-3.5" />
            {t('education.duration', { minutes: module.durationMinutes })}
          </span>
        </div>
        <h2 className="mt-3 text-2xl font-bold tracking-tight">{text.title}</h2>
        <p className="mt-1 text-muted-foreground">{text.description}</p>
      </Card>
      {saveFailed && <p className="mt-3 text-sm text-destructive">{t('education.saveError')}</p>}
      <Accordion.Root type="single" collapsible className="mt-4 grid gap-3" data-testid="list-lessons">
        {module.lessons.map((lessonId, index) => {
          const lesson = text.lessons[lessonId];
          if (!lesson) return null;
          const done = finished.has(lessonKey(module.id, lessonId));
          return (
            <Accordion.Item key={lessonId} value={lessonId} className="overflow-hidden rounded-2xl border border-border bg-card" data-testid={`lesson-${lessonId}`}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center gap-3 p-4 text-left font-semibold hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid={`button-lesson-${lessonId}`}>
                  <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-full text-sm', done ? 'bg-emerald-600 text-white' : 'bg-primary/10 text-primary')}>
                    {done ? <Check className="size-4" aria-label={t('education.finished')} /> : index + 1}
                  </span>
                  <span className="flex-1">{lesson.title}</span>
                  <ChevronDown className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="border-t border-border px-4 pb-5 pt-4">
                <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">{t('education.steps')}</h3>
                <ol className="mt-2 grid list-decimal gap-2 pl-5 text-sm leading-relaxed">
                  {lesson.steps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </ol>
                <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-muted-foreground">{t('education.tips')}</h3>
                <ul className="mt-2 grid gap-2 text-sm leading-relaxed">
                  {lesson.tips.map((tip) => (
                    <li key={tip} className="flex gap-2 rounded-xl bg-accent/15 p-3">
                      <Lightbulb className="mt-0.5 size-4 shrink-0 text-accent-foreground dark:text-accent" />
                      <span>{tip}</span>
                    </li>
                  ))}
                </ul>
                <Button className="mt-4" size="sm" variant={done ? 'outline' : 'default'} disabled={saving} onClick={() => onToggle(lessonId, !done)} data-testid={`button-finish-${lessonId}`}>
                  <Check />
                  {done ? t('education.markUnfinished') : t('education.markFinished')}
                </Button>
              </Accordion.Content>
            </Accordion.Item>
          );
        })}
      </Accordion.Root>
    </div>
  );
}
