// Pages in their own chunks that can be loaded before the first render, so a cold load never
// shows a Suspense fallback (React 19 holds a revealed boundary back for up to 300 ms).
import { type ComponentType, createElement, lazy } from 'react';

/** A lazily loaded page: the component to route to, and a preload that resolves once it is in. */
export interface LazyPage {
  readonly Page: ComponentType;
  preload(): Promise<void>;
}

/** Wraps a page module's dynamic import. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  const preload = (): Promise<void> =>
    load().then((module) => {
      loaded = module.default;
    });
  const Lazy = lazy(load);
  const Page = (): ReturnType<typeof createElement> => createElement(loaded ?? Lazy);
  return { Page, preload };
}
