import { Component as ReactComponent, Suspense, lazy, useMemo } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Outlet, matchRoutes, useLocation, useRoutes } from 'react-router';
import type { Location, RouteObject } from 'react-router';

/**
 * The route table rendered by React Router's declarative API (`useRoutes` inside a
 * BrowserRouter), not its data router: the data router (loaders, actions, fetchers, revalidation)
 * weighed about 16 kB gzip in every first load though the app uses none of it (issue 10). The
 * route objects keep the data router's shape; this file gives the three fields the app uses the
 * same meaning:
 * - `lazy` loads the route's `Component`. Every lazy route a location matches starts loading at
 *   once, not one nested level after the other; until they all arrive, the previous screen stays
 *   (navigations are transitions) or, on the first load, the `HydrateFallback` shows.
 * - `ErrorBoundary` replaces the route's element when it (or a route inside it) fails to render
 *   or its code fails to load; after a render error the next navigation renders it again.
 * - `HydrateFallback` shows while the first screen's code loads.
 * A route with a `loader` or an `action` is refused: nothing here would run them.
 */

type LazyRoute = () => Promise<{ Component?: ComponentType | null }>;

function lazyScreen(load: LazyRoute) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((module) => ({ default: module.Component ?? Outlet })));
  const Screen = lazy(preload);
  return { preload, element: <Screen /> };
}

interface BoundaryProps {
  Fallback: ComponentType;
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  location: Location;
}

/** Shows `Fallback` in place of `children` once they fail, until the location changes. */
class RouteErrorBoundary extends ReactComponent<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    const { Fallback, children } = this.props;
    return this.state.failed ? <Fallback /> : children;
  }
}

function LocatedBoundary({ Fallback, children }: { Fallback: ComponentType; children: ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary Fallback={Fallback} location={location}>
      {children}
    </RouteErrorBoundary>
  );
}

type Preloads = Map<RouteObject, () => unknown>;

function convert(routes: RouteObject[], preloads: Preloads): RouteObject[] {
  return routes.map(
    ({ lazy: load, Component: Screen, ErrorBoundary, HydrateFallback, children, ...rest }) => {
      let element: ReactNode = rest.element ?? (Screen ? <Screen /> : <Outlet />);
      let preload: (() => unknown) | undefined;
      if (typeof load === 'function') ({ preload, element } = lazyScreen(load as LazyRoute));
      else if (load) throw new Error("route-tree.tsx supports only a function as a route's `lazy`");
      if (rest.loader || rest.action) throw new Error('route-tree.tsx runs no route loaders or actions');
      if (HydrateFallback) element = <Suspense fallback={<HydrateFallback />}>{element}</Suspense>;
      if (ErrorBoundary) element = <LocatedBoundary Fallback={ErrorBoundary}>{element}</LocatedBoundary>;
      const converted = {
        ...rest,
        element,
        ...(children ? { children: convert(children, preloads) } : {}),
      } as RouteObject;
      if (preload) preloads.set(converted, preload);
      return converted;
    },
  );
}

/** Renders `routes` (made once per route table) at the router's current location. */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const { routes: tree, preloads } = useMemo(() => {
    const preloads: Preloads = new Map();
    return { routes: convert(routes, preloads), preloads };
  }, [routes]);
  const location = useLocation();
  for (const match of matchRoutes(tree, location) ?? []) preloads.get(match.route)?.();
  return useRoutes(tree, location);
}
