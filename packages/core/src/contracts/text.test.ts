import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as core from '../index';
import type { Contract } from './contract';
import { UNSAFE_TEXT_MESSAGE, findUnsafeText, isSafeText, jsonRecord, safeText, text } from './text';

describe('text PostgreSQL can store', () => {
  it.each(['', 'plain', 'émoji 💥 and 中文', '\ud83d\ude00', 'tab\tand\nnewline'])('accepts %j', (value) => {
    expect(isSafeText(value)).toBe(true);
    expect(text().safeParse(value).success).toBe(true);
  });

  it.each(['\u0000', 'a\u0000b', '\ud800', 'x\ud800y', '\udc00', 'x\udc00', '\ude00\ud83d', '\ud83d\ud83d'])(
    'refuses %j with a clear message',
    (value) => {
      expect(isSafeText(value)).toBe(false);
      const result = text().min(1).safeParse(value);
      expect(result.error?.issues[0]?.message).toBe(UNSAFE_TEXT_MESSAGE);
    },
  );

  it('finds unsafe text in JSON values and keys, however deep, with its path', () => {
    expect(findUnsafeText({ a: [1, { b: 'ok' }] })).toBeNull();
    expect(findUnsafeText({ a: [1, { b: 'no\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnsafeText({ a: { '\ud800': 1 } })).toEqual(['a', '\ud800']);
    let deep: unknown = '\udc00';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(100_000);
    expect(jsonRecord().safeParse({ page: { list: ['\u0000'] } }).error?.issues[0]?.path).toEqual([
      'page',
      'list',
      0,
    ]);
  });
});

type Node = { _zod: { def: Record<string, unknown> & { type: string } } };

/** Paths of the string schemas in `schema` that accept NUL or a lone surrogate. */
function unsafeStrings(schema: Node, path: string): string[] {
  const def = schema._zod.def;
  const inner = (key: string, at = path) => unsafeStrings(def[key] as Node, at);
  switch (def.type) {
    case 'string': {
      // A format that is pure ASCII refuses both already; a URL does not (it percent-encodes them).
      const asciiFormat = (format: unknown) => ['uuid', 'email', 'regex'].includes(String(format));
      const checks = (def.checks ?? []) as { _zod: { def: { format?: string } } }[];
      const safe =
        asciiFormat(def.format) ||
        checks.some((check) => check === safeText || asciiFormat(check._zod.def.format));
      return safe ? [] : [path];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, Node>).flatMap(([key, value]) =>
        unsafeStrings(value, `${path}.${key}`),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return inner('innerType');
    case 'pipe': {
      // What goes in is checked by either side: the output of `in` is the input of `out`.
      const outside = inner('in');
      return outside.length > 0 && inner('out').length > 0 ? outside : [];
    }
    case 'transform':
      return [path];
    case 'array':
      return inner('element', `${path}[]`);
    case 'union':
      return (def.options as Node[]).flatMap((option) => unsafeStrings(option, path));
    case 'record': {
      const deepCheck = ((def.checks ?? []) as unknown[]).length > 0;
      return [...inner('keyType', `${path}{key}`), ...(deepCheck ? [] : inner('valueType', `${path}{}`))];
    }
    case 'unknown':
    case 'any':
      return [path];
    default:
      // enum, literal, boolean, number, never.
      return [];
  }
}

describe('request contracts', () => {
  const isContract = (value: unknown): value is Contract =>
    typeof value === 'object' && value !== null && 'method' in value && 'response' in value;
  const contracts = Object.entries(core as Record<string, unknown>).flatMap(([name, value]) =>
    isContract(value) ? [[name, value] as const] : [],
  );

  it('API-003 take text only through text() (or an ASCII format), in params, query and body', () => {
    expect(contracts.length).toBeGreaterThan(30);
    const unsafe = contracts.flatMap(([name, contract]) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        contract[part]
          ? unsafeStrings(contract[part] as z.ZodType as unknown as Node, `${name}.${part}`)
          : [],
      ),
    );
    expect(unsafe).toEqual([]);
  });
});
