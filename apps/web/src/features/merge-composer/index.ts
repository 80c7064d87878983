import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/**
 * {prefix}/mail-merges/new (issue 14): the composer, in a chunk of its own so none of its code
 * (nor the rich-text editor's, which loads later still) comes with the shell's first load.
 */
export const newMailMergeRoute: RouteObject = {
  path: paths.space.newMailMerge.path,
  lazy: async () => ({ Component: (await import('./components/new-mail-merge-page')).NewMailMergePage }),
};
