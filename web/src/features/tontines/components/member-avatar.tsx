import { cn } from '../../../lib/cn.ts';
import { initialsFromName } from '../tontine-figures.ts';

export function MemberAvatar({ name, avatar, initials, className }: { name: string; avatar?: string | null | undefined; initials?: string | null | undefined; className?: string }) {
  return (
    <span
      className={cn('flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full border-2 border-card bg-secondary text-xs font-semibold text-secondary-foreground', className)}
      title={name}
    >
      {avatar ? <img src={avatar} alt={name} className="size-full object-cover" /> : (initials || initialsFromName(name))}
    </span>
  );
}
