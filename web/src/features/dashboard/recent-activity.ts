/**
 * The dashboard's Recent Activity (spec part 1 §2.4).
 *
 * Guarantees: at most 5 items, made of the first 2 tontines and the first 2 loans, newest first;
 * an item without a readable date goes last (it is never given a made-up date).
 */
export const RECENT_ACTIVITY_LIMIT = 5;
const FROM_EACH = 2;

export type ActivityItem<TT, TL> = { kind: 'tontine'; item: TT; at: string | null } | { kind: 'loan'; item: TL; at: string | null };

function time(at: string | null): number {
  const ms = at === null ? Number.NaN : Date.parse(at);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

export function recentActivity<TT extends { createdAt?: string | null | undefined }, TL extends { appliedAt?: string | null | undefined }>(
  tontines: readonly TT[],
  loans: readonly TL[],
): ActivityItem<TT, TL>[] {
  const items: ActivityItem<TT, TL>[] = [
    ...tontines.slice(0, FROM_EACH).map((item) => ({ kind: 'tontine' as const, item, at: item.createdAt ?? null })),
    ...loans.slice(0, FROM_EACH).map((item) => ({ kind: 'loan' as const, item, at: item.appliedAt ?? null })),
  ];
  return items.sort((a, b) => time(b.at) - time(a.at)).slice(0, RECENT_ACTIVITY_LIMIT);
}
