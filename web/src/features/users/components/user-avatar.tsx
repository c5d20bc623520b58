import { useObjectImage } from '../../../hooks/use-object-image.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * The member's photo (user.profilePhotoUrl) wherever an avatar is shown: the header, the
 * dashboard's profile header, the profile page. The initials stand in while there is no photo,
 * while it loads, or when it cannot be shown.
 */
export function UserAvatar({ photoUrl, initials, alt = '', className, testId }: { photoUrl: string | null | undefined; initials: string; alt?: string; className?: string; testId?: string }) {
  const { src } = useObjectImage(photoUrl);
  return (
    <span className={cn('flex items-center justify-center overflow-hidden rounded-full', className)} data-testid={testId}>
      {src ? <img src={src} alt={alt} className="size-full object-cover" data-testid={testId ? `${testId}-image` : undefined} /> : <span aria-hidden={alt === '' ? undefined : true}>{initials}</span>}
    </span>
  );
}
