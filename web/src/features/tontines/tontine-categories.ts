/**
 * Tontine categories (spec part 1 §3).
 *
 * Guarantees: when the server answers no categories, the six defaults of the specification are
 * shown, with their average contribution (RWF) and frequency, and no invented member counts
 * (0: no group yet). Server categories are shown as they come.
 */
export interface TontineCategory {
  id: string;
  /** null for a default category: the screen shows its translated name. */
  name: string | null;
  description: string | null;
  memberCount: number;
  avgContribution: string | null;
  frequency: string | null;
}

export const DEFAULT_CATEGORIES: readonly TontineCategory[] = [
  { id: 'daily_micro', avgContribution: '5.00', frequency: 'daily' },
  { id: 'weekly_workers', avgContribution: '50.00', frequency: 'weekly' },
  { id: 'monthly_professionals', avgContribution: '200.00', frequency: 'monthly' },
  { id: 'business_builders', avgContribution: '500.00', frequency: 'monthly' },
  { id: 'student_savers', avgContribution: '25.00', frequency: 'weekly' },
  { id: 'women_entrepreneurs', avgContribution: '150.00', frequency: 'weekly' },
].map((category) => ({ ...category, name: null, description: null, memberCount: 0 }));

export function withDefaultCategories(
  fromServer: ReadonlyArray<{
    id: string;
    name?: string | null | undefined;
    description?: string | null | undefined;
    memberCount?: number | null | undefined;
    avgContribution?: string | number | null | undefined;
    frequency?: string | null | undefined;
  }>,
): TontineCategory[] {
  if (fromServer.length === 0) return [...DEFAULT_CATEGORIES];
  return fromServer.map((category) => ({
    id: category.id,
    name: category.name ?? null,
    description: category.description ?? null,
    memberCount: category.memberCount ?? 0,
    avgContribution: category.avgContribution === null || category.avgContribution === undefined ? null : String(category.avgContribution),
    frequency: category.frequency ?? null,
  }));
}
