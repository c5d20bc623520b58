import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { deferredComponent } from './deferred-component.ts';

const inSuspense = (component: Parameters<typeof createElement>[0]) =>
  renderToString(createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(component)));

describe('deferredComponent', () => {
  it('suspends while its code has not arrived', () => {
    const { Component } = deferredComponent(() => new Promise<never>(() => undefined));
    expect(inSuspense(Component)).toContain('waiting');
  });

  // React shows a suspended boundary's content no sooner than 300 ms after its fallback: a route
  // whose code main.tsx loaded first must not suspend at all.
  it('renders at once, without suspending, once loaded', async () => {
    const { Component, load } = deferredComponent(async () => ({ default: () => createElement('p', null, 'ready') }));
    await load();
    expect(inSuspense(Component)).toContain('ready');
  });

});
