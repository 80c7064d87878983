import { BouncesPage } from '../../bounces';

/** ROUTE-013: {prefix}/bounces (the route guards it with showBouncesPage). */
export function Component() {
  return <BouncesPage />;
}
