import { describe, expect, it } from 'vitest';
import { parseQueryString } from './strict-query';

describe('the query-string parser', () => {
  it('API-003 parses like the default: decoding, + as space, repeated keys, keys without =', () => {
    expect({ ...parseQueryString('a=1&b=x+y%2Bz&a=2&flag&c=') }).toEqual({
      a: ['1', '2'],
      b: 'x y+z',
      flag: '',
      c: '',
    });
    expect({ ...parseQueryString('') }).toEqual({});
    expect({ ...parseQueryString('filterBy=search%3A%25ED%25A0%2580') }).toEqual({
      filterBy: 'search:%ED%A0%80',
    });
  });

  it('has no prototype to pollute', () => {
    const query = parseQueryString('__proto__=x&constructor=y');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(query.__proto__).toBe('x');
  });

  it('notes keys whose percent-encoding is not UTF-8, keeping their raw text', () => {
    const query = parseQueryString('search=%ED%A0%80&ok=1&%E0%A4%A=2');
    expect({ ...query }).toEqual({ search: '%ED%A0%80', ok: '1', '%E0%A4%A': '2' });
    expect(Object.getOwnPropertySymbols(query).map((symbol) => query[symbol as never])).toEqual([
      ['search', '%E0%A4%A'],
    ]);
  });
});
