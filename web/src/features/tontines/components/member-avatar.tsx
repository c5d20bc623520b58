import { cn } from '../../../lib/cn.ts';
import { objectSrc } from '../../../lib/object-url.ts';
import { initialsFromName } from '../tontine-figures.ts';

export function MemberAvatar({
  name,
  avatar,
  initials,
  size = 'size-8',
}: {
  name: string;
  avatar?: string | null | undefined;
  initials?: string | null | undefined;
  size?: 'size-8' | 'size-10';
}) {
  // A member's photo is a public object (or a provider's https avatar): a plain image address.
  const src = objectSrc(avatar);
  return (
    <span
      className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-full border-2 border-card bg-secondary text-xs font-semibold text-secondary-foreground', size)}
      title={name}
    >
      {src ? <img src={src} alt={name} className="size-full object-cover" /> : (initials || initialsFromName(name))}
    </span>
  );
}
