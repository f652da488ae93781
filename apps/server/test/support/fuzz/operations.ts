import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cryptoSaleFieldsSchema, giftCardSaleFieldsSchema } from '@wise/shared';
import type { JsonSchema } from './schema-arbitrary';

/** Who the fuzzer calls an operation as: its route's own guard decides. */
export type Caller = 'anyone' | 'customer' | 'reviewer' | 'admin';

/** The multipart form of an upload route (the OpenAPI document only describes it in words). */
export interface MultipartForm {
  fileField: string;
  /** A form with one file in each of several fields (Tier 2: front, back, selfie). */
  otherFileFields?: string[];
  maxFiles: number;
  fields?: JsonSchema;
}

export interface Parameter {
  name: string;
  schema: JsonSchema | undefined;
  required: boolean;
}

/** One operation of the OpenAPI document, as the fuzzer calls it. */
export interface Operation {
  /** `POST /api/bills/orders/{id}/authorise`, as the document names it. */
  name: string;
  method: string;
  /** The path called: the document's, `{param}` placeholders included, without its trailing slash. */
  path: string;
  caller: Caller;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body: JsonSchema | undefined;
  multipart: MultipartForm | undefined;
}

const textFields = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/**
 * Upload routes by path. A route whose summary says "multipart" and is missing here fails the
 * suite (operationsOf), so a new upload route cannot slip through as a JSON one.
 */
const multipartForms: Record<string, MultipartForm> = {
  'POST /api/profile/photo': { fileField: 'photo', maxFiles: 1 },
  'POST /api/giftcards/sales': { fileField: 'images', maxFiles: 10, fields: textFields(giftCardSaleFieldsSchema) },
  'POST /api/crypto/sales/': { fileField: 'screenshot', maxFiles: 1, fields: textFields(cryptoSaleFieldsSchema) },
  'POST /api/admin/giftcards/{id}/image': { fileField: 'image', maxFiles: 1 },
  'POST /api/profile/verification/document': { fileField: 'front', otherFileFields: ['back', 'selfie'], maxFiles: 3 },
};

interface OpenApiOperation {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/**
 * `/api/x/{id}.svg` → `/api/x/:id.svg`, the form the route catalogue (app.apiRoutes) keeps. The
 * document writes a prefix's root route with a trailing slash (`/api/app-info/`); the route has none.
 */
export const routeUrlOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');

/** Every operation of the app's own OpenAPI document (the app must be ready), with the caller its guard wants. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const routes = new Map(app.apiRoutes.map((route) => [`${route.method} ${route.url}`, route]));
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const name = `${method} ${path}`;
      const route = routes.get(`${method} ${routeUrlOf(path)}`);
      if (!route) throw new Error(`${name} is in the OpenAPI document but not in app.apiRoutes`);
      const parameters = operation.parameters ?? [];
      const of = (where: string): Parameter[] =>
        parameters.filter((p) => p.in === where).map((p) => ({ name: p.name, schema: p.schema, required: p.required === true }));
      const multipart = multipartForms[name];
      if (!multipart && /multipart/i.test(operation.summary ?? ''))
        throw new Error(`${name} takes multipart: describe its form in fuzz/operations.ts`);
      operations.push({
        name,
        method,
        path: path.replace(/(.)\/$/, '$1'),
        caller: route.public ? 'anyone' : (route.staff ?? 'customer'),
        pathParams: of('path'),
        query: of('query'),
        headers: of('header'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        multipart,
      });
    }
  }
  return operations;
}
