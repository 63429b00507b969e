import * as shared from '@burti/shared';
import { apiErrorSchema, errorCodes, operations, type ErrorCode, type Operation } from '@burti/shared';
import { z } from 'zod';

/**
 * The OpenAPI document's shared parts. Fastify serialises answers from inline JSON Schema (contract.ts); the
 * document a client generates code from names what it shares instead:
 *
 * - `components/schemas`: every zod schema `@burti/shared` exports, named after its export (`postSchema` → `Post`,
 *   `createPostInput` → `CreatePostInput`), wherever it appears (`$ref`). A schema that reads differently as
 *   input (defaults, coercions) gets a second component with `Input` after its name.
 * - `components/responses`: one error answer per status, with the codes any operation answers at that status;
 *   each operation's own codes are in its `x-error-codes` and in the description beside the `$ref`. 429 carries
 *   `Retry-After`.
 * - `components/parameters/IdempotencyKey` on the operations that take the header, and
 *   `components/headers/IdempotentReplayed` on their success answers.
 */
export type JsonSchema = Record<string, unknown>;

/** `anyOf: [X, null]` folded into `type: [X's type, 'null']` (fast-json-stringify checks a type instead of a branch). */
export function foldNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullable);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = foldNullable(value);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex !== -1 && other && typeof other.type === 'string' && !other.anyOf && !other.oneOf) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

const SCHEMAS = '#/components/schemas/';

/** Every exported zod schema of the shared package, by its component name; the first export of a schema wins. */
const names = z.registry<{ id: string }>();
{
  const taken = new Set<string>();
  for (const [exportName, value] of Object.entries(shared)) {
    if (!(value instanceof z.ZodType) || names.has(value)) continue;
    const base = exportName.replace(/Schema$/, '');
    const id = base.charAt(0).toUpperCase() + base.slice(1);
    if (taken.has(id)) continue;
    taken.add(id);
    names.add(value, { id });
  }
}

/** Status → the name of its shared error answer. */
const ERROR_RESPONSES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Gone',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Unprocessable',
  429: 'RateLimited',
  500: 'Internal',
  503: 'Unavailable',
};
const errorResponseName = (status: number) => ERROR_RESPONSES[status] ?? `Error${status}`;

function walk(node: unknown, visit: (object: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) node.forEach((item) => walk(item, visit));
  else if (node && typeof node === 'object') {
    visit(node as Record<string, unknown>);
    Object.values(node).forEach((value) => walk(value, visit));
  }
}

/** Collects components while the document's operations are converted. */
class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  /** Input components whose reading differs from the output one: `X` → `XInput`. */
  private readonly inputNames = new Map<string, string>();

  /**
   * A zod schema as JSON Schema with its named parts as `$ref`s into `components/schemas`. `inlineRoot` keeps
   * the top level written out (parameters are listed property by property).
   */
  convert(schema: z.ZodType, io: 'input' | 'output', inlineRoot = false): JsonSchema {
    const {
      $schema: _schema,
      $defs: defs = {},
      ...root
    } = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      metadata: names,
    }) as JsonSchema & {
      $defs?: Record<string, JsonSchema>;
    };
    const rename = io === 'output' ? new Map<string, string>() : this.inputRenames(defs);
    const rewrite = (node: unknown) => {
      const copy = foldNullable(structuredClone(node));
      walk(copy, (object) => {
        if (typeof object.$ref === 'string' && object.$ref.startsWith('#/$defs/')) {
          const id = object.$ref.slice('#/$defs/'.length);
          object.$ref = SCHEMAS + (rename.get(id) ?? id);
        }
      });
      return copy as JsonSchema;
    };
    let top = rewrite(root);
    const rootId = typeof root.$ref === 'string' ? root.$ref.slice('#/$defs/'.length) : undefined;
    if (inlineRoot && rootId) top = rewrite(defs[rootId]);
    for (const [id, def] of Object.entries(defs)) {
      if (inlineRoot && id === rootId && !JSON.stringify(defs).includes(`"#/$defs/${id}"`)) continue;
      const { id: _id, ...json } = rewrite(def);
      this.schemas[rename.get(id) ?? id] = json;
    }
    return top;
  }

  /** Which input definitions read differently from the output ones of the same name (or use one that does). */
  private inputRenames(defs: Record<string, JsonSchema>): Map<string, string> {
    const identity = (def: JsonSchema) => JSON.stringify(foldNullable(def)).replaceAll('"#/$defs/', `"${SCHEMAS}`);
    const differs = new Set<string>();
    for (const [id, def] of Object.entries(defs)) {
      const known = this.schemas[id];
      if (this.inputNames.has(id) || (known && identity(def) !== JSON.stringify(known))) differs.add(id);
    }
    // A definition that refers to one that differs differs as well.
    for (let changed = true; changed;) {
      changed = false;
      for (const [id, def] of Object.entries(defs)) {
        if (differs.has(id)) continue;
        const json = JSON.stringify(def);
        if ([...differs].some((other) => json.includes(`"#/$defs/${other}"`))) {
          differs.add(id);
          changed = true;
        }
      }
    }
    const rename = new Map<string, string>();
    for (const id of differs) {
      this.inputNames.set(id, `${id}Input`);
      rename.set(id, `${id}Input`);
    }
    return rename;
  }
}

/** The error body with the given codes. */
function errorBody(codes: readonly ErrorCode[]): JsonSchema {
  const schema = apiErrorSchema.extend({
    error: apiErrorSchema.shape.error.extend({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }),
  });
  const { $schema: _schema, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' });
  return json;
}

const byStatus = (codes: Iterable<ErrorCode>) => {
  const map = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = errorCodes[code];
    map.set(status, [...(map.get(status) ?? []), code]);
  }
  return map;
};

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'One key per user intent (a UUID, say). A retry with the same key within 24 hours gets the first answer again, ' +
    'with `Idempotent-Replayed: true`, and changes nothing twice; parallel retries wait for the first. The key ' +
    'belongs to the method and path it was first sent with: on another one it is 409 `CONFLICT` (the body is not ' +
    'compared: a retry with another body gets the first answer). A malformed key is 400 `VALIDATION`. An answer ' +
    'of 429 or 5xx is not kept, so its retry does the work. A 409 `CONFLICT` also answers a retry that outlived an ' +
    'attempt still running (after 30 s) or that another retry took over.',
  schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' },
};

type DocOperation = Record<string, unknown> & {
  operationId?: string;
  parameters?: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, Record<string, unknown>>;
};

/** The parameters of one location from the operation's schema: one per property, named parts by `$ref`. */
function parametersOf(components: Components, schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = components.convert(schema, 'input', true);
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

/** Rewrites the operations of the document @fastify/swagger made with the shared components. */
export function componentise<D extends { paths?: object; components?: object }>(document: D): D {
  const components = new Components();
  const allCodes = Object.values(operations as Record<string, Operation>).flatMap((op) => op.errors);
  const responseCodes = byStatus(new Set(allCodes));
  const used = new Set<number>();
  // Outputs first, so that an input reading the same as an output shares its component.
  const ordered = Object.values((document.paths ?? {}) as Record<string, Record<string, DocOperation>>)
    .flatMap((methods) => Object.values(methods))
    .filter((doc) => doc.operationId && doc.operationId in operations);
  const responses = new Map<DocOperation, Record<string, Record<string, unknown>>>();
  for (const doc of ordered) {
    const op = operations[doc.operationId as keyof typeof operations] as Operation;
    const out: Record<string, Record<string, unknown>> = {};
    const errors = byStatus(op.errors);
    for (const [status, schema] of Object.entries(op.responses)) {
      const documented = doc.responses[status] ?? {};
      const own = schema === null ? undefined : components.convert(schema, 'output');
      const codes = errors.get(Number(status));
      const mediaType = op.produces ?? 'application/json';
      const body = own && codes ? { anyOf: [own, errorBody(codes)] } : own;
      out[status] = {
        description: documented.description ?? 'OK',
        ...(op.idempotent && Number(status) < 300
          ? { headers: { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } }
          : {}),
        ...(body ? { content: { [mediaType]: { schema: body } } } : {}),
      };
    }
    for (const [status, codes] of errors) {
      if (out[status]) continue;
      used.add(status);
      out[status] = {
        $ref: `#/components/responses/${errorResponseName(status)}`,
        description: `Error codes: ${codes.join(', ')}`,
      };
    }
    responses.set(doc, out);
  }
  for (const doc of ordered) {
    const op = operations[doc.operationId as keyof typeof operations] as Operation;
    const parameters = [...parametersOf(components, op.params, 'path'), ...parametersOf(components, op.query, 'query')];
    doc.parameters = [...parameters, ...(op.idempotent ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : [])];
    if (doc.parameters.length === 0) delete doc.parameters;
    if (doc.requestBody && (op.body || op.files)) {
      const fields = op.body ? components.convert(op.body, 'input') : { type: 'object', properties: {} };
      for (const [mediaType, media] of Object.entries(doc.requestBody.content)) {
        media.schema = mediaType === 'multipart/form-data' && op.files ? withFiles(components, fields, op) : fields;
      }
    }
    doc.responses = responses.get(doc)!;
  }
  const errorResponses = Object.fromEntries(
    [...used]
      .sort((a, b) => a - b)
      .map((status) => {
        const codes = responseCodes.get(status) ?? [];
        return [
          errorResponseName(status),
          {
            description: `Error codes at ${status}: ${codes.join(', ')}`,
            ...(status === 429
              ? {
                  headers: {
                    'Retry-After': {
                      description: 'Seconds until the limit lets a call through',
                      schema: { type: 'integer' },
                    },
                  },
                }
              : {}),
            content: { 'application/json': { schema: errorBody(codes) } },
          },
        ];
      }),
  );
  const schemas = Object.fromEntries(Object.entries(components.schemas).sort(([a], [b]) => a.localeCompare(b)));
  return {
    ...document,
    components: {
      ...document.components,
      schemas,
      responses: errorResponses,
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY },
      headers: {
        IdempotentReplayed: {
          description: '`true` on an answer replayed for a retry with the same `Idempotency-Key`.',
          schema: { type: 'string', enum: ['true'] },
        },
      },
    },
  };
}

/** A multipart body: the fields (written out, as a form lists them) and the files. */
function withFiles(components: Components, fields: JsonSchema, op: Operation): JsonSchema {
  const written =
    typeof fields.$ref === 'string' && fields.$ref.startsWith(SCHEMAS)
      ? (components.schemas[fields.$ref.slice(SCHEMAS.length)] ?? fields)
      : fields;
  const properties = { ...(written.properties as Record<string, unknown>) };
  for (const [name, description] of Object.entries(op.files ?? {})) {
    properties[name] = { type: 'string', format: 'binary', description };
  }
  return { ...written, properties };
}
