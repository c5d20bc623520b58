import { describe, expect, it } from 'vitest';
import { activeFilterCount, discoverSearch, filtersProblem, NO_FILTERS } from './discover-filters.ts';

describe("Discover's filters", () => {
  it('sends nothing for no search, no filter and the default sort', () => {
    expect(discoverSearch('  ', NO_FILTERS, 'newest')).toBe('');
  });

  it('sends what is set, in one order', () => {
    const filters = { category: 'daily_micro', frequency: 'weekly', minContribution: '1000', maxContribution: '5000', minSeatsLeft: '2' };
    expect(discoverSearch(' huye ', filters, 'contribution_asc')).toBe('q=huye&category=daily_micro&frequency=weekly&minContribution=1000&maxContribution=5000&minSeatsLeft=2&sort=contribution_asc');
    expect(activeFilterCount(filters)).toBe(5);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });

  it('names an amount that is not a whole number, or an inverted range, and sends neither', () => {
    expect(filtersProblem({ ...NO_FILTERS, minContribution: '5,000' })).toBe('invalidAmount');
    expect(filtersProblem({ ...NO_FILTERS, maxContribution: '0' })).toBe('invalidAmount');
    const inverted = { ...NO_FILTERS, minContribution: '9000', maxContribution: '5000' };
    expect(filtersProblem(inverted)).toBe('invalidRange');
    expect(discoverSearch('', inverted, 'newest')).toBe('');
    expect(filtersProblem({ ...NO_FILTERS, minContribution: '5000', maxContribution: '5000' })).toBeNull();
  });
});
