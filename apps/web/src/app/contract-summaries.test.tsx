import { describe, expect, it } from 'vitest';
import { contractSummaryRanges, leaveOutContractSummaries } from './contract-summaries';

const source = [
  "const base = '/api';",
  'export const one = defineContract({',
  "  method: 'GET',",
  '  path: `${base}/one`,',
  '  summary: `The first call (API-001), ${base}`,',
  '  response: schema,',
  '});',
  "export const texts = { summary: 'An error occurred.' };",
  "export const two = defineContract({ method: 'POST', path: '/two', summary: 'A ' + 'second', response: schema });",
].join('\n');

const transform = (code: string, id: string) => {
  const plugin = leaveOutContractSummaries() as { transform: (code: string, id: string) => unknown };
  return plugin.transform(code, id) as { code: string } | null;
};

describe('the web build leaves out contract summaries', () => {
  it('finds the summary value of each defineContract call, and nothing else', () => {
    const ranges = contractSummaryRanges(source);
    expect(ranges.map(([start, end]) => source.slice(start, end))).toEqual([
      '`The first call (API-001), ${base}`',
      "'A ' + 'second'",
    ]);
  });

  it('empties them in core modules only, keeping every other text and the paths', () => {
    const out = transform(source, '/repo/packages/core/src/things/thing-contracts.ts')!.code;
    expect(out).not.toContain('The first call');
    expect(out).not.toContain('second');
    expect(out).toContain("summary: '',");
    expect(out).toContain('path: `${base}/one`');
    expect(out).toContain("export const texts = { summary: 'An error occurred.' };");
    expect(transform(source, '/repo/apps/web/src/features/thing.ts')).toBeNull();
  });
});
