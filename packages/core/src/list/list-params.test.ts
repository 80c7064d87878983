import { describe, expect, it } from 'vitest';
import {
  formatFilterBy,
  formatListParams,
  formatSortBy,
  listQuerySchema,
  ListParamError,
  parseFilterBy,
  parseSortBy,
} from './list-params';

describe('API-003 list parameter encoding', () => {
  it('API-003 formats filterBy as key:value pairs joined by commas', () => {
    expect(formatFilterBy({ search: 'acme', status: 'ACTIVE' })).toBe('search:acme,status:ACTIVE');
  });

  it('API-003 formats sortBy as key:asc or key:desc', () => {
    expect(formatSortBy({ key: 'date', direction: 'desc' })).toBe('date:desc');
    expect(formatSortBy({ key: 'email', direction: 'asc' })).toBe('email:asc');
  });

  it('CONST-012 URL-encodes values so a search with commas and colons survives', () => {
    const encoded = formatFilterBy({ search: 'a,b:c d%' });
    expect(encoded).toBe('search:a%2Cb%3Ac%20d%25');
    expect(parseFilterBy(encoded, ['search'])).toEqual({ search: 'a,b:c d%' });
  });

  it('CONST-012 drops empty values so an empty search clears the filter', () => {
    expect(formatFilterBy({ search: '' })).toBeUndefined();
    expect(formatListParams({ filterBy: { search: '' }, limit: 25, limitOffset: 0 })).toEqual({
      limit: '25',
      limitOffset: '0',
    });
  });

  it('round-trips a whole list request', () => {
    const query = formatListParams({
      filterBy: { search: 'x', memberStatus: 'ACTIVE' },
      sortBy: { key: 'userEmail', direction: 'asc' },
      limit: 100,
      limitOffset: 200,
    });
    expect(query).toEqual({
      filterBy: 'search:x,memberStatus:ACTIVE',
      sortBy: 'userEmail:asc',
      limit: '100',
      limitOffset: '200',
    });
    const parsed = listQuerySchema({
      filterKeys: ['search', 'memberStatus'],
      sortKeys: ['userEmail'],
      defaultLimit: 25,
      maxLimit: 100,
    }).parse(query);
    expect(parsed).toEqual({
      filterBy: { search: 'x', memberStatus: 'ACTIVE' },
      sortBy: { key: 'userEmail', direction: 'asc' },
      limit: 100,
      limitOffset: 200,
    });
  });

  it('rejects unknown keys and malformed pairs with a message naming the problem', () => {
    expect(() => parseFilterBy('colour:red', ['search'])).toThrow(
      "filterBy key 'colour' is not supported; use one of: search",
    );
    expect(() => parseFilterBy('justtext', ['search'])).toThrow(ListParamError);
    expect(() => parseSortBy('date:sideways', ['date'])).toThrow(
      "sortBy 'date:sideways' must look like key:asc or key:desc",
    );
    expect(() => parseSortBy('name:asc', ['date'])).toThrow(
      "sortBy key 'name' is not supported; use one of: date",
    );
  });

  it('reports each bad query parameter as an issue on that parameter', () => {
    const schema = listQuerySchema({
      filterKeys: ['search'],
      sortKeys: ['date'],
      defaultLimit: 25,
      maxLimit: 100,
    });
    const result = schema.safeParse({ filterBy: 'nope:1', sortBy: 'date', limit: '500', limitOffset: '-1' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual(['limit', 'limitOffset']);
    const second = schema.safeParse({ filterBy: 'nope:1', sortBy: 'date' });
    expect(second.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['filterBy', 'sortBy']);
  });

  it('CONST-005 applies the defaults: the given page size, offset 0 and the default sort', () => {
    const schema = listQuerySchema({
      filterKeys: [],
      sortKeys: ['date'],
      defaultSort: { key: 'date', direction: 'desc' },
      defaultLimit: 25,
      maxLimit: 100,
    });
    expect(schema.parse({})).toEqual({
      filterBy: {},
      sortBy: { key: 'date', direction: 'desc' },
      limit: 25,
      limitOffset: 0,
    });
  });

  it('API-003 CONST-012 refuses NUL characters and lone surrogates in filterBy, raw or URI-encoded', () => {
    for (const raw of ['search:ann%00', 'search:%00', 'search:a%00b']) {
      expect(() => parseFilterBy(raw, ['search'])).toThrow(ListParamError);
    }
    expect(() => parseFilterBy('search:ann\u0000', ['search'])).toThrow(/must not contain NUL/);
    expect(() => parseFilterBy('search:\ud800x', ['search'])).toThrow(/unpaired UTF-16 surrogates/);
    // The bytes %ED%A0%80 (what U+D800 would be in UTF-8) are not UTF-8: malformed encoding.
    expect(() => parseFilterBy('search:%ED%A0%80', ['search'])).toThrow(/not valid URI encoding/);
    const schema = listQuerySchema({
      filterKeys: ['search'],
      sortKeys: ['date'],
      defaultLimit: 25,
      maxLimit: 100,
    });
    for (const filterBy of ['search:\u0000', 'search:%00', 'search:\udc00']) {
      const result = schema.safeParse({ filterBy });
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['filterBy']);
    }
    expect(schema.safeParse({ sortBy: 'date:asc\u0000' }).error?.issues[0]?.path).toEqual(['sortBy']);
  });
});
