import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@mergeboard/core';
import { registerErrorHandling } from '../http/error-handler';
import { csvCell, csvLines, exportFileName, keysetBatches, streamCopiedCsv, streamCsv } from './csv-export';

async function collect(lines: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const line of lines) text += line;
  return text;
}

describe('CSV export helper', () => {
  it('RELIABILITY neutralises cells starting with = + - @ tab or carriage return', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('plain@example.com')).toBe('plain@example.com');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
  });

  it('CONST-010 names the file Exported_{what}_{YYYY-MM-DD}.csv', () => {
    expect(exportFileName('Unsubscriptions', new Date('2025-03-04T23:00:00Z'))).toBe(
      'Exported_Unsubscriptions_2025-03-04.csv',
    );
    expect(exportFileName('Sent mail "merges"', new Date('2025-03-04T00:00:00Z'))).toBe(
      'Exported_Sent_mail_merges__2025-03-04.csv',
    );
  });

  it('CONST-010 writes the header, then stops reading the source at the row cap', async () => {
    let pagesRead = 0;
    const batches = keysetBatches<number, number>({
      pageSize: 4,
      maxRows: 100,
      cursorOf: (n) => n,
      fetchPage: async (after, limit) => {
        pagesRead += 1;
        const start = (after ?? 0) + 1;
        return Array.from({ length: limit }, (_, i) => start + i);
      },
    });
    const text = await collect(csvLines([{ header: 'n', value: (n: number) => n }], batches, 10));
    expect(text.split('\r\n').filter(Boolean)).toEqual([
      'n',
      ...Array.from({ length: 10 }, (_, i) => String(i + 1)),
    ]);
    expect(pagesRead).toBe(3);
  });

  it('CONST-010 keyset paging ends at the first short page', async () => {
    const pages: (number | null)[] = [];
    const batches = keysetBatches<number, number>({
      pageSize: 3,
      cursorOf: (n) => n,
      fetchPage: async (after, limit) => {
        pages.push(after);
        return [1, 2, 3, 4, 5].filter((n) => n > (after ?? 0)).slice(0, limit);
      },
    });
    const text = await collect(csvLines([{ header: 'n', value: (n: number) => n }], batches));
    expect(text).toBe('n\r\n1\r\n2\r\n3\r\n4\r\n5\r\n');
    expect(pages).toEqual([null, 3]);
  });

  it('CONST-010 an export whose first rows fail answers an error, never a 200 cut short', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const failing = async function* (): AsyncGenerator<readonly number[]> {
      const rows = await Promise.reject<readonly number[]>(new Error('the first query failed'));
      yield rows;
    };
    app.get('/keyset', (_request, reply) =>
      streamCsv(reply, {
        what: 'Numbers',
        columns: [{ header: 'n', value: (n: number) => n }],
        batches: failing(),
      }),
    );
    app.get('/copy', (_request, reply) =>
      streamCopiedCsv(reply, { what: 'Numbers', headers: ['n'], rows: Readable.from(failing()) }),
    );
    app.get('/fine', (_request, reply) =>
      streamCopiedCsv(reply, { what: 'Numbers', headers: ['n'], rows: Readable.from(['1\n', '2\n']) }),
    );
    for (const url of ['/keyset', '/copy']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.headers['content-disposition'], url).toBeUndefined();
      expect(errorBodySchema.parse(res.json()).error.code).toBe('internal_error');
    }
    const fine = await app.inject({ method: 'GET', url: '/fine' });
    expect(fine.statusCode).toBe(200);
    expect(fine.body).toBe('n\r\n1\r\n2\r\n');
    await app.close();
  });
});
