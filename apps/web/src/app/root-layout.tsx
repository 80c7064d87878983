import { Outlet, ScrollRestoration } from 'react-router';

/** The root route's element: global route-level concerns only; screens bring their own layout. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
