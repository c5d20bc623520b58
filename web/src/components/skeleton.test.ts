import { PiggyBank } from 'lucide-react';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nProvider } from '../lib/use-translation.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../lib/i18n.ts';
import type { LanguageCode } from '../lib/languages.ts';
import { FormSkeleton, LoadingRegion, PageSkeleton, Skeleton, SkeletonCards, SkeletonRows } from './skeleton.tsx';
import { StatCard } from './ui/stat-card.tsx';

function render(element: ReactElement, language: LanguageCode = 'en'): string {
  return renderToStaticMarkup(createElement(I18nProvider, { i18n: createI18n(language) }, element));
}

/** The text a screen reader is given inside the visually hidden spans. */
const hiddenTexts = (html: string) => [...html.matchAll(/<span class="sr-only">([^<]*)<\/span>/g)].map((m) => m[1]);

describe('skeletons', () => {
  beforeAll(async () => {
    await Promise.all((['fr', 'rw', 'sw'] as const).map((code) => loadLanguage(code)));
  });

  it('a block is hidden from screen readers and pulses only without reduced motion', () => {
    const html = render(createElement(Skeleton, { className: 'h-8' }));
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('motion-safe:animate-pulse');
    expect(html).not.toMatch(/(^|[\s"])animate-pulse/);
  });

  it.each([
    ['en', 'Loading…'],
    ['fr', 'Chargement…'],
    ['rw', 'Birimo gufunguka…'],
    ['sw', 'Inapakia…'],
  ] as const)('a loading region is busy and says "Loading…" in %s', (language, text) => {
    const html = render(createElement(LoadingRegion, { testId: 'skeleton-x', children: createElement(Skeleton) }), language);
    expect(html).toMatch(/^<div aria-busy="true" data-testid="skeleton-x">/);
    expect(hiddenTexts(html)).toEqual([text]);
  });

  it("a screen's own loading text replaces the generic one, visibly when asked", () => {
    const hidden = render(createElement(LoadingRegion, { label: 'Loading agent dashboard...', children: null }));
    expect(hiddenTexts(hidden)).toEqual(['Loading agent dashboard...']);
    const shown = render(createElement(LoadingRegion, { label: 'Loading merchant dashboard...', showLabel: true, children: null }));
    expect(hiddenTexts(shown)).toEqual([]);
    expect(shown).toContain('<span class="block text-sm text-muted-foreground">Loading merchant dashboard...</span>');
  });

  it('cards and rows: as many blocks as asked, in one busy region', () => {
    const cards = render(createElement(SkeletonCards, { count: 4, cardClassName: 'h-72' }));
    expect(cards.match(/aria-hidden="true"/g)).toHaveLength(4);
    expect(cards.match(/h-72/g)).toHaveLength(4);
    expect(cards.match(/aria-busy="true"/g)).toHaveLength(1);
    const rows = render(createElement(SkeletonRows, { count: 2 }));
    expect(rows.match(/aria-hidden="true"/g)).toHaveLength(2);
  });

  it('a form skeleton has a label and an input block per field, in one busy region', () => {
    const html = render(createElement(FormSkeleton, { fields: 5 }));
    expect(html.match(/aria-busy="true"/g)).toHaveLength(1);
    expect(html.match(/h-11 sm:h-9/g)).toHaveLength(5);
    expect(hiddenTexts(html)).toEqual(['Loading…']);
  });

  it('the page skeleton is a busy status region with its hidden text', () => {
    const html = render(createElement(PageSkeleton));
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-busy="true"');
    expect(hiddenTexts(html)).toEqual(['Loading…']);
  });
});

describe('a stat card', () => {
  const card = (pending: boolean) =>
    render(createElement(StatCard, { label: 'Total Savings', value: '12,500 RWF', hint: 'Across 2 groups', icon: PiggyBank, testId: 'stat-x', pending }));

  it('on its way: busy, keeps its label, says Loading… and shows no value, no hint and no "—"', () => {
    const html = card(true);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Total Savings');
    expect(hiddenTexts(html)).toEqual(['Loading…']);
    expect(html).not.toContain('12,500');
    expect(html).not.toContain('Across 2 groups');
    expect(html).not.toContain('—');
    // One line for the figure, one for the hint: the card keeps its height.
    expect(html.match(/h-\[1lh\]/g)).toHaveLength(2);
  });

  it('arrived: the value and hint, not busy', () => {
    const html = card(false);
    expect(html).not.toContain('aria-busy');
    expect(html).toContain('12,500 RWF');
    expect(html).toContain('Across 2 groups');
    expect(hiddenTexts(html)).toEqual([]);
  });
});
