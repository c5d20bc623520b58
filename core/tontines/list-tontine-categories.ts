/**
 * ListTontineCategories: anyone sees the default categories, with how many members their groups
 * have and what a member of them contributes on average (DOMAIN: computed from real data).
 *
 * Guarantees
 * - Over the discoverable groups (at most CATEGORY_SAMPLE, never personal savings).
 * - The average is the mean contribution of the category's groups, to the centime, rounded half
 *   to even; with no group yet, the category's default average.
 */
import { divideHalfEven, Money } from '../money/money.ts';
import type { CategoryDefaults, TontineCategories, TontineRepository } from './ports.ts';

export const CATEGORY_SAMPLE = 1000;

export interface ListTontineCategoriesDeps {
  categories: TontineCategories;
  tontines: Pick<TontineRepository, 'listDiscoverable'>;
}

export interface CategorySummary {
  category: CategoryDefaults;
  memberCount: number;
  averageContribution: Money;
}

export class ListTontineCategories {
  constructor(private readonly deps: ListTontineCategoriesDeps) {}

  async execute(): Promise<CategorySummary[]> {
    const categories = await this.deps.categories.categories();
    const groups = await this.deps.tontines.listDiscoverable(CATEGORY_SAMPLE);
    return categories.map((category) => {
      const inCategory = groups.filter((t) => t.category === category.id);
      return {
        category,
        memberCount: inCategory.reduce((n, t) => n + t.members.length, 0),
        averageContribution: averageOf(inCategory.map((t) => t.contributionAmount)) ?? category.defaultAverageContribution,
      };
    });
  }
}

/** The mean of some amounts, rounded half to even to the centime; undefined for none. */
function averageOf(amounts: readonly Money[]): Money | undefined {
  if (amounts.length === 0) return undefined;
  return Money.ofCentimes(Number(divideHalfEven(BigInt(Money.sum(amounts).centimes), BigInt(amounts.length))));
}
