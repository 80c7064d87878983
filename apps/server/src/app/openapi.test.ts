import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH } from '@mergeboard/core';
import { createTestApp, type TestApp } from '../testing/test-app';
import { routes } from './routes';
import { STRIPE_WEBHOOK_PATH } from '../features/billing';

/** The parts of an OpenAPI 3.1 document these tests read. */
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: object }>;
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, { schema?: object }>;
      content?: Record<string, { schema?: object }>;
    }
  >;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, object> };
}

const ERROR_REF = '#/components/schemas/Error';
const escapePointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** Every Schema Object in the document, each with the JSON pointer to where it stands. */
function schemaObjects(doc: OpenApiDocument): Array<{ where: string; pointer: string; schema: object }> {
  const found: Array<{ where: string; pointer: string; schema: object }> = [];
  const add = (where: string, pointer: string, schema: object | undefined) => {
    if (schema) found.push({ where, pointer, schema });
  };
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    add(`schema ${name}`, `/components/schemas/${escapePointer(name)}`, schema);
  }
  for (const [url, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const at = `${method.toUpperCase()} ${url}`;
      const base = `/paths/${escapePointer(url)}/${method}`;
      operation.parameters?.forEach((parameter, i) =>
        add(`${at} parameter ${parameter.name}`, `${base}/parameters/${i}/schema`, parameter.schema),
      );
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
        add(`${at} body`, `${base}/requestBody/content/${escapePointer(type)}/schema`, media.schema);
      }
      for (const [status, answer] of Object.entries(operation.responses)) {
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          add(
            `${at} ${status}`,
            `${base}/responses/${status}/content/${escapePointer(type)}/schema`,
            media.schema,
          );
        }
        for (const [name, header] of Object.entries(answer.headers ?? {})) {
          add(`${at} ${status} ${name}`, `${base}/responses/${status}/headers/${name}/schema`, header.schema);
        }
      }
    }
  }
  return found;
}

describe('the OpenAPI document at /api/docs/json', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let webDist: string;

  beforeAll(async () => {
    // A built SPA, so its static files and fallback are mounted as in production.
    webDist = mkdtempSync(path.join(tmpdir(), 'mergeboard-openapi-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    writeFileSync(path.join(webDist, 'assets', 'app.js'), 'void 0;');
    // The embedded shape: built-in OpenID issuer and local mailbox mounted too.
    t = await createTestApp({ webDistDir: webDist });
    expect(t.context.config.signIn.provider).toBe('local');
    const res = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([url, item]) =>
      Object.entries(item).map(([method, operation]) => ({ url, method, operation })),
    );

  it('is OpenAPI 3.1 and passes a strict OpenAPI validator', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds only valid JSON Schema 2020-12, every schema compiling in strict mode with its references', () => {
    // OpenAPI 3.1 Schema Objects are JSON Schema 2020-12 plus a few annotations of its own;
    // `nullable` is OpenAPI 3.0 only, so it must not appear.
    const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
    ajv.removeKeyword('nullable');
    ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
    // The document itself, so `#/components/schemas/…` references resolve as they do in it.
    ajv.addVocabulary(['openapi', 'info', 'paths', 'components']);
    const base = 'https://mergeboard.invalid/openapi.json';
    ajv.addSchema({ ...doc, $id: base });

    const found = schemaObjects(doc);
    expect(found.length).toBeGreaterThan(routes.length * 5);
    const problems: string[] = [];
    for (const { where, pointer, schema } of found) {
      if (!ajv.validateSchema(schema)) problems.push(`${where}: ${ajv.errorsText()}`);
      else {
        try {
          if (!ajv.getSchema(`${base}#${encodeURI(pointer)}`))
            problems.push(`${where}: not found at ${pointer}`);
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents the API calls only: not the sign-in issuer, the mailbox, the payment sandbox, the SPA nor the docs themselves', async () => {
    // They are mounted all the same.
    for (const url of [
      '/oidc/.well-known/openid-configuration',
      '/mailbox',
      '/assets/app.js',
      API_DOCS_PATH,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(400);
    }
    const urls = Object.keys(doc.paths);
    for (const url of urls) {
      expect(url).not.toContain('*');
      expect(url).not.toContain('/oidc');
      expect(url).not.toMatch(/^\/(mailbox|assets|api\/docs|sandbox)/);
    }
    const documented = operations().map(({ url, method }) => `${method.toUpperCase()} ${url}`);
    const table = routes.map(
      ({ contract }) => `${contract.method} ${contract.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`,
    );
    // The route table, and the payment webhook beside it (its body is verified raw, by signature).
    expect(documented.sort()).toEqual([...table, `POST ${STRIPE_WEBHOOK_PATH}`].sort());
  });

  it('gives every call a unique operationId, its request schemas, its answer and its error answers', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(
      ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id)),
      ids.join(),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    for (const { contract, access } of routes) {
      const url = contract.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      const name = `${contract.method} ${url}`;
      const operation = doc.paths[url]![contract.method.toLowerCase()]!;
      const parameters = operation.parameters ?? [];

      // Request: each path parameter, the query's fields, the JSON body (or an upload's raw bytes).
      for (const [, param] of contract.path.matchAll(/:(\w+)/g)) {
        const documented = parameters.find((p) => p.in === 'path' && p.name === param);
        expect(documented?.schema, `${name} path parameter ${param}`).toBeDefined();
        expect(documented?.required, `${name} path parameter ${param}`).toBe(true);
      }
      if (contract.query) {
        expect(parameters.filter((p) => p.in === 'query').length, `${name} query`).toBeGreaterThan(0);
      }
      if (contract.bodyMediaTypes) {
        expect(Object.keys(operation.requestBody?.content ?? {}), `${name} body`).toEqual([
          ...contract.bodyMediaTypes,
        ]);
      } else {
        expect(operation.requestBody?.content['application/json']?.schema, `${name} body`).toEqual(
          contract.body ? expect.any(Object) : undefined,
        );
      }

      // Answer: the success status with its body, a redirect with its Location, or no content.
      const status = String(contract.successStatus ?? 200);
      const success = operation.responses[status];
      expect(success, `${name} ${status}`).toBeDefined();
      if (status === '302') {
        expect(success!.headers?.Location?.schema, `${name} Location`).toBeDefined();
        expect(success!.content, `${name} 302 body`).toBeUndefined();
      } else if (status === '204') {
        expect(success!.content, `${name} 204 body`).toBeUndefined();
      } else {
        const [media] = Object.values(success!.content ?? {});
        expect(media?.schema, `${name} ${status} body`).toBeDefined();
      }

      // Errors: each in the one Error shape; 401 where sign-in is needed, 403/404 where a signed-in
      // caller can be refused.
      const secured = access.kind !== 'public';
      const refuses = access.kind === 'user' || access.kind === 'space';
      const errorStatuses = [
        '400',
        ...(secured ? ['401'] : []),
        ...(refuses ? ['403', '404'] : []),
        '429',
        '500',
      ];
      for (const error of errorStatuses) {
        const answer = operation.responses[error];
        expect(answer?.content?.['application/json']?.schema, `${name} ${error}`).toEqual({
          $ref: ERROR_REF,
        });
        expect(answer?.description, `${name} ${error}`).not.toBe('Default Response');
      }
      expect('401' in operation.responses, `${name} 401`).toBe(secured);
      expect('403' in operation.responses && '404' in operation.responses, `${name} 403/404`).toBe(refuses);
      for (const [code, answer] of Object.entries(operation.responses)) {
        expect(answer.description, `${name} ${code}`).toMatch(/\w/);
      }

      // Security: the bearer scheme on every call that needs sign-in, none on public ones.
      expect(operation.security, `${name} security`).toEqual(secured ? [{ bearer: [] }] : undefined);
    }
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.schemas.Error).toBeDefined();
  });

  it('documents the spreadsheet upload as the file itself, CSV or XLSX', () => {
    const upload = doc.paths['/api/v1/workspaces/{id}/spreadsheets']!.post!;
    for (const media of Object.values(upload.requestBody!.content)) {
      expect(media.schema).toMatchObject({ type: 'string', format: 'binary' });
    }
    expect(Object.keys(upload.requestBody!.content)).toContain('text/csv');
  });

  it('documents CSV exports as text/csv', () => {
    const exports = routes.filter(({ contract }) => contract.path.endsWith('/export'));
    expect(exports.length).toBeGreaterThan(0);
    for (const { contract } of exports) {
      const url = contract.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
      const answer = doc.paths[url]!.get!.responses['200']!;
      expect(Object.keys(answer.content ?? {}), url).toEqual(['text/csv']);
    }
  });

  it('is what the swagger-ui page at /api/docs loads', async () => {
    const page = await t.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-initializer.js');
    const initializer = await t.app.inject({
      method: 'GET',
      url: `${API_DOCS_PATH}/static/swagger-initializer.js`,
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('json');
  });
});
