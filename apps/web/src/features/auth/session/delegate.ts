import { spaceIdOfPath } from '../../events';

/**
 * The legacy app has no space URLs: `/{workspaceId}/{slug}/mail-merges?x` becomes
 * `/mail-merges?x` there (AUTH-007).
 */
function stripSpacePrefix(pathAndSearch: string): string {
  const url = new URL(pathAndSearch, 'http://same.origin');
  let path = url.pathname;
  if (spaceIdOfPath(path) !== null) {
    const rest = path.split('/').slice(3).join('/');
    path = `/${rest}`;
  }
  return `${path}${url.search}${url.hash}`;
}

export function delegateTarget(legacyAppUrl: string, continueTo: string): string {
  return legacyAppUrl.replace(/\/+$/, '') + stripSpacePrefix(continueTo);
}
