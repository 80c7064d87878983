/** The URL slug of a space name: lowercase words joined by dashes (the {workspaceSlug} of urlPrefix). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'space';
}

export function urlPrefixOf(workspace: { id: string; slug: string }): string {
  return `/${workspace.id}/${workspace.slug}`;
}

/** The name of the FREE space every new account gets: "{Name}'s space", at least 5 characters. */
export function personalSpaceName(userName: string): string {
  const first = userName.trim().split(/\s+/)[0] ?? '';
  const name = `${first}'s space`.trim();
  return first && name.length >= 5 ? name.slice(0, 255) : 'My space';
}
