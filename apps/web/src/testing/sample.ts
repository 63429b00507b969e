import type { z } from 'zod';

/**
 * A value valid against a zod schema, made from the schema itself: the default answer of every operation of the
 * contract that has no hand-written fixture (testing/handlers.ts). Deterministic, so snapshots and assertions stay
 * stable: strings are "sample", numbers the smallest allowed (0 when free), arrays empty unless a minimum asks for
 * items, nullable fields null, optional fields left out, enums and unions their first option.
 * Answers are JSON, so this builds a schema's input side (a `pipe`'s `in`).
 */
type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  items?: z.ZodType[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
  defaultValue?: unknown;
};
type Bag = {
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  length?: number;
  format?: string;
  patterns?: Set<RegExp>;
};

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def; bag: Bag } })._zod;

const STRINGS_BY_FORMAT: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  guid: '00000000-0000-4000-8000-000000000000',
  email: 'fan@example.com',
  url: 'https://example.com/',
  datetime: '2026-01-01T00:00:00.000Z',
  date: '2026-01-01',
  time: '12:00:00',
};
/** Tried in order for a string with patterns: the first that every pattern accepts. */
const CANDIDATES = ['sample', 'nika', 'abc', 'a', '1', '2026-01-01', '2026-01-01T00:00:00.000Z', 'A1', '#c00000'];

function sampleString(bag: Bag): string {
  const fixed = bag.format ? STRINGS_BY_FORMAT[bag.format] : undefined;
  const patterns = [...(bag.patterns ?? [])];
  let text = fixed ?? CANDIDATES.find((c) => patterns.every((p) => p.test(c))) ?? 'sample';
  const min = bag.length ?? bag.minLength ?? 0;
  const max = bag.length ?? bag.maxLength ?? Infinity;
  if (text.length < min) text = text.padEnd(min, 'x');
  if (text.length > max) text = text.slice(0, max);
  return text;
}

function sampleNumber(bag: Bag): number {
  if (bag.minimum !== undefined && Number.isFinite(bag.minimum)) return Math.ceil(bag.minimum);
  if (bag.exclusiveMinimum !== undefined && Number.isFinite(bag.exclusiveMinimum)) {
    return Math.floor(bag.exclusiveMinimum) + 1;
  }
  if (bag.maximum !== undefined && bag.maximum < 0) return Math.floor(bag.maximum);
  return 0;
}

export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const { def, bag } = internals(schema);
  if (depth > 20) return null;
  const next = (inner: z.ZodType) => sampleOf(inner, depth + 1);
  switch (def.type) {
    case 'string':
      return sampleString(bag);
    case 'number':
    case 'int':
      return sampleNumber(bag);
    case 'bigint':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'undefined':
    case 'void':
      return undefined;
    case 'date':
      return '2026-01-01T00:00:00.000Z';
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'nullable':
      return null;
    case 'optional':
      return undefined;
    case 'default':
    case 'prefault':
      return typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return next(def.innerType!);
    case 'pipe':
      return next(def.in!);
    case 'lazy':
      return next(def.getter!());
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(def.shape ?? {})) {
        const sample = next(value);
        if (sample !== undefined) out[key] = sample;
      }
      return out;
    }
    case 'array': {
      const count = bag.length ?? bag.minLength ?? 0;
      return Array.from({ length: count }, () => next(def.element!));
    }
    case 'tuple':
      return (def.items ?? []).map(next);
    case 'union':
      return next(def.options![0]!);
    case 'intersection':
      return Object.assign({}, next(def.left!), next(def.right!));
    case 'record':
    case 'map':
      return {};
    case 'set':
      return [];
    default:
      // unknown, any, custom and the like: anything goes.
      return null;
  }
}
