import { ArrowRight, Check, Pause, Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { clock, DEMO_POSTER_URL, DEMO_SEGMENTS, DEMO_VIDEO_URL, segmentAt } from '../../../../shared/demo-video.ts';

const FEATURES = ['tontines', 'contributions', 'loans', 'learning', 'languages', 'security'] as const;

/**
 * /demo (spec part 2): the video with a poster overlay, Play/Pause, reset at the end, the six
 * chapter timeline and the feature list; Sign Up Free goes to /, Learn More to /learn-more. The
 * video is a recording of the product (npm run demo:record).
 */
export function DemoPage() {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  const [time, setTime] = useState(0);

  const play = () => {
    setStarted(true);
    void video.current?.play().catch(() => setPlaying(false));
  };
  const pause = () => video.current?.pause();
  const seek = (seconds: number) => {
    if (!video.current) return;
    video.current.currentTime = seconds;
    setTime(seconds);
    play();
  };
  const current = segmentAt(time);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8" data-testid="page-demo">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('demo.title')}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">{t('demo.subtitle')}</p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div>
          <div className="relative overflow-hidden rounded-2xl border border-border bg-black shadow-lg">
            <video
              ref={video}
              className="aspect-video w-full"
              src={DEMO_VIDEO_URL}
              poster={DEMO_POSTER_URL}
              preload="metadata"
              playsInline
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
              onEnded={(event) => {
                // At the end playing is reset: back to the start, the poster overlay shown again.
                event.currentTarget.currentTime = 0;
                setPlaying(false);
                setStarted(false);
                setTime(0);
              }}
              aria-label={t('demo.videoLabel')}
              data-testid="video-demo"
            />
            {!started && (
              <button
                type="button"
                onClick={play}
                className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-cover bg-center text-white"
                style={{ backgroundImage: `linear-gradient(rgba(0,0,0,.45), rgba(0,0,0,.55)), url(${DEMO_POSTER_URL})` }}
                // Named by its visible words ("Watch the demo (2:30)"), not a different label (WCAG 2.5.3).
                data-testid="overlay-demo-poster"
              >
                <span className="flex size-20 items-center justify-center rounded-full bg-primary/90 shadow-xl">
                  <Play className="size-9 translate-x-0.5 fill-current" />
                </span>
                <span className="text-lg font-semibold drop-shadow">{t('demo.overlay', { length: clock(DEMO_SEGMENTS.at(-1)!.end) })}</span>
              </button>
            )}
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {playing ? (
              <Button onClick={pause} data-testid="button-pause">
                <Pause />
                {t('demo.pause')}
              </Button>
            ) : (
              <Button onClick={play} data-testid="button-play">
                <Play />
                {t('demo.play')}
              </Button>
            )}
            <span className="text-sm tabular-nums text-muted-foreground" data-testid="text-demo-time">
              {clock(time)} / {clock(DEMO_SEGMENTS.at(-1)!.end)}
            </span>
          </div>

          <h2 className="mt-8 text-lg font-semibold">{t('demo.timeline')}</h2>
          <ol className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="list-demo-timeline">
            {DEMO_SEGMENTS.map((segment) => (
              <li key={segment.key}>
                <button
                  type="button"
                  onClick={() => seek(segment.start)}
                  className={cn(
                    'w-full rounded-xl border p-3 text-left transition hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    started && current === segment.key ? 'border-primary bg-primary/5' : 'border-border',
                  )}
                  data-testid={`button-segment-${segment.key}`}
                >
                  <span className="text-xs font-semibold tabular-nums text-primary">
                    {clock(segment.start)} - {clock(segment.end)}
                  </span>
                  <span className="mt-1 block text-sm font-medium">{t(`demo.segments.${segment.key}`)}</span>
                </button>
              </li>
            ))}
          </ol>
        </div>

        <aside className="grid content-start gap-4">
          <Card className="p-5">
            <h2 className="font-semibold">{t('demo.featuresTitle')}</h2>
            <ul className="mt-3 grid gap-2 text-sm" data-testid="list-demo-features">
              {FEATURES.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-primary" />
                  {t(`demo.features.${feature}`)}
                </li>
              ))}
            </ul>
          </Card>
          <Card className="p-5">
            <h2 className="font-semibold">{t('demo.ctaTitle')}</h2>
            <p className="mt-1 text-sm text-muted-foreground">{t('demo.ctaText')}</p>
            <div className="mt-4 grid gap-2">
              <Button asChild>
                <Link to="/" data-testid="link-sign-up-free">
                  {t('demo.signUpFree')}
                  <ArrowRight />
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/learn-more" data-testid="link-demo-learn-more">
                  {t('demo.learnMore')}
                </Link>
              </Button>
            </div>
          </Card>
        </aside>
      </div>
    </div>
  );
}
