import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Finds apps/web/dist by walking up from this file (works from src/ and from the bundle). */
export function defaultWebDistDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface SpaHandler {
  /** Sends index.html for client-side routes. */
  sendIndex(reply: FastifyReply): FastifyReply;
}

/**
 * Serves the built SPA: hashed assets with long caching, and index.html (with the settings the
 * web app needs written into its meta tags, and the product name as title) for every other
 * browser path.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { distDir: string; meta: Record<string, string> },
): Promise<SpaHandler> {
  let index = readFileSync(path.join(options.distDir, 'index.html'), 'utf8');
  for (const [name, value] of Object.entries(options.meta)) {
    const tag = `<meta name="${name}" content="${escapeHtml(value)}">`;
    const existing = new RegExp(`<meta name="${name}" content="[^"]*"\\s*/?>`);
    index = existing.test(index)
      ? index.replace(existing, tag)
      : index.replace('</head>', `  ${tag}\n  </head>`);
  }
  const productName = escapeHtml(options.meta['product-name'] ?? 'Mergeboard');
  index = index.replace(/<title>[^<]*<\/title>/, `<title>${productName}</title>`);

  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  return {
    sendIndex: (reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index),
  };
}
