import { createElement, lazy, type ComponentType } from 'react';

export type PreloadableScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A screen in a chunk of its own, as React.lazy makes it, that can also be fetched ahead. Once
 * fetched it renders at once: no Suspense fallback, so React's 300 ms delay before revealing
 * content that replaced a fallback does not apply (a big list opened from the cache shows in the
 * first frame the app paints).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load().then((component) => (loaded = component)));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Screen, { preload });
}
