import { cn } from '../../../lib/cn.ts';
import type { ProfileCompletion } from '../api/get-profile-completion.ts';
import { UserAvatar } from './user-avatar.tsx';

const RING_COLORS: Record<ProfileCompletion['color'], string> = {
  red: 'stroke-red-500',
  yellow: 'stroke-amber-400',
  green: 'stroke-emerald-500',
};

const SIZE = 40;
const STROKE = 3;
const RADIUS = (SIZE - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The member's avatar inside a ring that fills with profile completion (spec part 1 §2.1). The
 * percent badge is hidden once the profile is complete (100).
 */
export function CompletionAvatar({
  initials,
  photoUrl,
  completion,
}: {
  initials: string;
  photoUrl: string | null | undefined;
  completion: ProfileCompletion | undefined;
}) {
  const percentage = completion?.percentage ?? 0;
  return (
    <span className="relative block size-10">
      <svg className="absolute inset-0 -rotate-90" viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true">
        <circle cx={SIZE / 2} cy={SIZE / 2} r={RADIUS} fill="none" strokeWidth={STROKE} className="stroke-border" />
        {completion !== undefined && (
          <circle
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={RADIUS}
            fill="none"
            strokeWidth={STROKE}
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - percentage / 100)}
            className={cn('transition-[stroke-dashoffset] duration-500', RING_COLORS[completion.color])}
            data-testid="ring-profile-completion"
          />
        )}
      </svg>
      <UserAvatar photoUrl={photoUrl} initials={initials} className="absolute inset-[5px] bg-primary text-xs font-semibold text-primary-foreground" testId="avatar-header" />
      {completion !== undefined && percentage < 100 && (
        <span
          className="absolute -bottom-1 -right-1.5 rounded-full border-2 border-background bg-foreground px-1 text-[9px] font-bold leading-3.5 text-background"
          data-testid="badge-profile-completion"
        >
          {percentage}%
        </span>
      )}
    </span>
  );
}
