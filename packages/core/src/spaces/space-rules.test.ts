import { describe, expect, it } from 'vitest';
import { personalSpaceName, slugify, urlPrefixOf } from './space-rules';

describe('space rules', () => {
  it('ROUTE-009 builds urlPrefix as /{workspaceId}/{workspaceSlug} with a readable slug', () => {
    expect(slugify('Acme Sales')).toBe('acme-sales');
    expect(slugify("  Équipe d'été — 2026! ")).toBe('equipe-d-ete-2026');
    expect(slugify('!!!')).toBe('space');
    expect(urlPrefixOf({ id: 'w1', slug: 'acme-sales' })).toBe('/w1/acme-sales');
  });

  it('names a new account space after the first name, never under 5 characters', () => {
    expect(personalSpaceName('Pat Smith')).toBe("Pat's space");
    expect(personalSpaceName('')).toBe('My space');
  });
});
