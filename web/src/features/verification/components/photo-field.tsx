import { Camera, CheckCircle2, ImageUp, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useObjectImage } from '../../../hooks/use-object-image.ts';
import { cn } from '../../../lib/cn.ts';
import { PHOTO_ACCEPT } from '../../../lib/uploads.ts';
import { WebcamCapture } from './webcam-capture.tsx';

/**
 * One photo of the verification forms: picked from the device (one image file) or taken with the
 * camera, then shown as a thumbnail of what the server stored (a private object, fetched with the
 * member's token).
 */
export function PhotoField({
  id,
  label,
  photoPath,
  uploading,
  camera,
  onFile,
}: {
  id: string;
  label: string;
  /** The stored object's path once uploaded; null before. */
  photoPath: string | null;
  uploading: boolean;
  /** Offer the camera as well as the file picker. */
  camera: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const [cameraOpen, setCameraOpen] = useState(false);
  const cameraButton = useRef<HTMLButtonElement>(null);
  // The camera panel closed (Close, or Use this photo): focus goes back to the Camera button that
  // opened it, which is shown again, rather than to the top of the page.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !cameraOpen) cameraButton.current?.focus();
    wasOpen.current = cameraOpen;
  }, [cameraOpen]);
  const thumbnail = useObjectImage(photoPath);

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after a failed upload) fires again.
    event.target.value = '';
    if (file) onFile(file);
  };

  return (
    <div className="grid content-start gap-2" data-testid={`field-photo-${id}`}>
      <Label htmlFor={`input-photo-${id}`}>{label}</Label>
      <div className="flex items-center gap-3">
        <span className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-muted text-muted-foreground">
          {uploading ? (
            <Loader2 className="size-5 animate-spin" aria-label={t('verification.photo.uploading')} />
          ) : thumbnail.src ? (
            // Whole, not cropped: an ID card is landscape, and a square crop of its middle hid the face.
            <img src={thumbnail.src} alt={t('verification.photo.preview', { label })} className="size-full object-contain" data-testid={`img-photo-${id}`} />
          ) : photoPath ? (
            <CheckCircle2 className="size-6 text-emerald-600" aria-label={t('verification.photo.uploaded')} />
          ) : (
            <ImageUp className="size-6" aria-hidden="true" />
          )}
        </span>
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap gap-2">
            {/* The file input sits inside its button-looking label: keyboard focus lands on it and shows on the label. */}
            <Button asChild type="button" size="sm" variant="outline" className={cn('focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2', uploading && 'pointer-events-none opacity-50')}>
              <label>
                <ImageUp />
                {photoPath ? t('verification.photo.replace') : t('verification.photo.choose')}
                <input id={`input-photo-${id}`} type="file" accept={PHOTO_ACCEPT} className="sr-only" onChange={picked} disabled={uploading} data-testid={`input-photo-${id}`} />
              </label>
            </Button>
            {camera && !cameraOpen && (
              <Button ref={cameraButton} type="button" size="sm" variant="outline" onClick={() => setCameraOpen(true)} disabled={uploading} data-testid={`button-camera-${id}`}>
                <Camera />
                {t('verification.photo.camera')}
              </Button>
            )}
          </div>
          <p className="text-xs text-muted-foreground">{photoPath && !uploading ? t('verification.photo.uploaded') : t('verification.photo.hint')}</p>
        </div>
      </div>
      {cameraOpen && (
        <WebcamCapture
          label={label}
          testId={id}
          onClose={() => setCameraOpen(false)}
          onUse={(file) => {
            setCameraOpen(false);
            onFile(file);
          }}
        />
      )}
    </div>
  );
}
