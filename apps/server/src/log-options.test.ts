import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config/config';
import { logOptions } from './log-options';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'mb-log-'));

describe('what the server logs, by shape', () => {
  it('logs warnings and errors as text on the embedded default, every request as JSON on PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).log).toEqual({ level: 'warn', format: 'readable' });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h:5432/db' }).log).toEqual({
      level: 'info',
      format: 'json',
    });
  });

  it('takes LOG_LEVEL and LOG_FORMAT over the defaults, and names a bad LOG_FORMAT', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_LEVEL: 'info' }).log).toEqual({
      level: 'info',
      format: 'readable',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' }).log.format).toBe('json');
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'pretty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), LOG_FORMAT: 'pretty' })).toThrow(
      /LOG_FORMAT: must be 'json' or 'readable'/,
    );
  });

  it('writes one line of text per message in the readable format, not JSON', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const { level, stream } = logOptions(loadConfig({ DATA_DIR: dataDir() }), out);
    const logger = pino({ level }, stream);
    logger.info('a request that the embedded default does not print');
    logger.warn({ campaignId: 42 }, 'the merge paused');
    await new Promise((resolve) => setImmediate(resolve));
    const text = chunks.join('');
    expect(text).not.toContain('a request');
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\] WARN: the merge paused \{"campaignId":42\}\n$/);
  });
});
