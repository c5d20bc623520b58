import { Camera, RefreshCw, X } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cameraProblemOf, COUNTDOWN_STEP_MS, INITIAL_WEBCAM, SMILE_MS, webcamReducer, webcamSupported } from '../webcam.ts';

/**
 * Takes one photo with the device's camera (spec part 1 §4, webcam capture: init, ready, captured,
 * error). The camera is released as soon as the frame is taken, on close and on unmount.
 */
export function WebcamCapture({ label, testId, onUse, onClose }: { label: string; testId: string; onUse: (file: File) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(webcamReducer, INITIAL_WEBCAM);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [shot, setShot] = useState<{ blob: Blob; url: string } | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);

  // Focus moves into the panel as it opens (the button that opened it is gone with it): a keyboard
  // or screen-reader user is taken to the camera, not left at the top of the page.
  useEffect(() => panelRef.current?.focus(), []);

  const stopStream = () => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  };

  // init: ask for the camera; a stream that arrives after the panel closed is stopped at once.
  useEffect(() => {
    if (state.status !== 'init') return;
    if (!webcamSupported(navigator.mediaDevices)) {
      dispatch({ type: 'failed', problem: 'unsupported' });
      return;
    }
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'user' }, audio: false })
      .then((stream) => {
        if (cancelled) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        streamRef.current = stream;
        dispatch({ type: 'streaming' });
      })
      .catch((error: unknown) => {
        if (!cancelled) dispatch({ type: 'failed', problem: cameraProblemOf(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [state.status]);

  useEffect(() => stopStream, []);

  // ready: the video shows the stream (the element exists only in this state).
  useEffect(() => {
    if (state.status === 'ready' && videoRef.current && streamRef.current && videoRef.current.srcObject !== streamRef.current) {
      videoRef.current.srcObject = streamRef.current;
      void videoRef.current.play().catch(() => undefined);
    }
  }, [state]);

  // The countdown: one step every 800 ms; the frame is taken as the last step ends.
  const countdown = state.status === 'ready' ? state.countdown : null;
  useEffect(() => {
    if (countdown === null) return;
    const timer = setTimeout(() => {
      if (countdown === 1) grabFrame();
      dispatch({ type: 'tick' });
    }, COUNTDOWN_STEP_MS);
    return () => clearTimeout(timer);
  }, [countdown]);

  // 'Smile!' shows for 1,500 ms over the photo just taken.
  const smiling = state.status === 'captured' && state.smiling;
  useEffect(() => {
    if (!smiling) return;
    const timer = setTimeout(() => dispatch({ type: 'smiled' }), SMILE_MS);
    return () => clearTimeout(timer);
  }, [smiling]);

  useEffect(() => () => {
    if (shot) URL.revokeObjectURL(shot.url);
  }, [shot]);

  function grabFrame() {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    stopStream();
    canvas.toBlob((blob) => {
      if (blob) setShot({ blob, url: URL.createObjectURL(blob) });
    }, 'image/jpeg', 0.92);
  }

  const retake = () => {
    setShot(null);
    dispatch({ type: 'retake' });
  };
  const close = () => {
    stopStream();
    onClose();
  };

  return (
    <div
      ref={panelRef}
      tabIndex={-1}
      role="group"
      aria-label={label}
      className="grid gap-3 rounded-xl border border-border bg-muted/40 p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      data-testid={`webcam-${testId}`}
      data-state={state.status}
    >
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg bg-black/80">
        {state.status === 'ready' && <video ref={videoRef} className="size-full -scale-x-100 object-cover" muted playsInline aria-label={t('verification.webcam.video', { label })} />}
        {state.status === 'captured' && shot && <img src={shot.url} alt={t('verification.photo.preview', { label })} className="size-full object-cover" />}
        {state.status === 'init' && <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-white">{t('verification.webcam.starting')}</p>}
        {state.status === 'error' && (
          <p role="status" className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-white" data-testid={`text-webcam-error-${testId}`}>
            {t(`verification.webcam.${state.problem}`)}
          </p>
        )}
        {(countdown !== null || smiling) && (
          <span aria-live="assertive" className="absolute inset-0 flex items-center justify-center text-5xl font-bold text-white drop-shadow-lg">
            {smiling ? t('verification.webcam.smile') : countdown}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {state.status === 'ready' && (
          <Button type="button" size="sm" onClick={() => dispatch({ type: 'capture' })} disabled={countdown !== null} data-testid={`button-capture-${testId}`}>
            <Camera />
            {t('verification.webcam.capture')}
          </Button>
        )}
        {state.status === 'captured' && shot && (
          <Button type="button" size="sm" onClick={() => onUse(new File([shot.blob], `${testId}.jpg`, { type: 'image/jpeg' }))} data-testid={`button-use-capture-${testId}`}>
            {t('verification.webcam.use')}
          </Button>
        )}
        {(state.status === 'captured' || state.status === 'error') && (
          <Button type="button" size="sm" variant="outline" onClick={retake}>
            <RefreshCw />
            {state.status === 'error' ? t('verification.retry') : t('verification.webcam.retake')}
          </Button>
        )}
        <Button type="button" size="sm" variant="ghost" onClick={close} data-testid={`button-close-webcam-${testId}`}>
          <X />
          {t('verification.webcam.close')}
        </Button>
      </div>
    </div>
  );
}
