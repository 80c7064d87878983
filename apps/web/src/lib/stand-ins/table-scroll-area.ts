/**
 * Stands in for Mantine's ScrollArea where Table.ScrollContainer imports it (vite.config.ts): the
 * theme makes every scroll container a plain scrolling div (type="native"), so it never draws one.
 */
export function ScrollArea(): never {
  throw new Error(
    'Table.ScrollContainer with type="scrollarea": the app draws only type="native" (theme.ts)',
  );
}
