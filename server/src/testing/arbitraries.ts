/**
 * fast-check arbitraries generated from the contract's zod (v4) schemas: values a schema accepts,
 * values it should refuse, and whole HTTP requests for a route, valid or broken on purpose (wrong
 * types, missing fields, out-of-range numbers, NUL characters and lone UTF-16 surrogates, long
 * strings, `__proto__` keys, malformed JSON, bad path parameters and query strings). The fuzz suite (http/fuzz.test.ts)
 * sends these to every route.
 *
 * The walker reads `schema._zod.def`. It knows the kinds the contract uses (object, string with
 * length and format checks, number with bounds, boolean, enum, literal, array, optional, nullable,
 * default, union, record, pipe and transform, ...); anything else gets arbitrary JSON.
 */
import fc from 'fast-check';
import type { RouteDefinition } from '@nivesh/api-contract';

// ---------------------------------------------------------------------------------------------
// Reading zod v4 definitions
// ---------------------------------------------------------------------------------------------

/** What the walker needs of a zod schema (every `z.ZodType` has it). */
interface Schema {
  _zod: { def: unknown; optin?: 'optional' };
  safeParse(value: unknown): { success: boolean };
}

interface CheckDef {
  check: string;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
}

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  options?: Schema[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: Schema;
  valueType?: Schema;
  in?: Schema;
  out?: Schema;
  items?: Schema[];
  left?: Schema;
  right?: Schema;
  getter?: () => Schema;
}

const defOf = (schema: Schema): Def => schema._zod.def as Def;
const checksOf = (schema: Schema): CheckDef[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);

/** True when an object key may be left out (optional, or with a default). */
const isOptional = (schema: Schema): boolean => schema._zod.optin === 'optional';

/** Drops wrappers that do not change what is accepted on the wire. */
function unwrap(schema: Schema): Schema {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type))
    return unwrap(def.innerType!);
  if (def.type === 'pipe') return unwrap(def.in!);
  if (def.type === 'lazy') return unwrap(def.getter!());
  return schema;
}

// ---------------------------------------------------------------------------------------------
// Edge values
// ---------------------------------------------------------------------------------------------

const NUL = '\u0000';
/** What no stored text may hold: NUL, and half of a character (a lone high or low surrogate). */
const UNSTORABLE = [NUL, '\ud800', '\udfff'] as const;

/** `text` with NUL or a lone surrogate put in somewhere (start, end or inside). */
const withUnstorable = (text: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.nat({ max: text.length }), fc.constantFrom(...UNSTORABLE))
    .map(([at, bad]) => `${text.slice(0, at)}${bad}${text.slice(at)}`);

/** Text that breaks things: NUL, lone surrogates, control and direction characters, huge. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    NUL,
    `a${NUL}b`,
    '',
    ' ',
    '\t\n',
    '\ud800',
    'a\udfffb',
    '\u202e\u0000',
    '%00',
    '%',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    'NaN',
    'Infinity',
    '-0',
    '1e400',
    '0x10',
    '😀'.repeat(40),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 101, max: 5_000 }).map((n) => 'x'.repeat(n)),
  fc.constant('y'.repeat(100_000)),
);

/** Numbers at and past every edge. */
const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.001,
    0.004,
    0.049,
    0.5,
    1.5,
    1e12 + 1,
    1e15,
    1e17,
    1e21,
    1e300,
    -1e300,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER - 2,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 63,
    Number.MIN_VALUE,
    Number.MAX_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

// ---------------------------------------------------------------------------------------------
// Values a schema accepts
// ---------------------------------------------------------------------------------------------

/** Longest string generated for a field without a smaller maximum (keeps requests small). */
const LONGEST_VALID_STRING = 24;

function lengthBounds(schema: Schema): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? Infinity);
    if (check.check === 'length_equals') min = max = check.length ?? 0;
  }
  return { min, max };
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const def = defOf(schema);
  const regex = checksOf(schema).find((c) => c.check === 'string_format' && c.format === 'regex')?.pattern;
  const { min, max } = lengthBounds(schema);
  let base: fc.Arbitrary<string>;
  switch (def.format) {
    case 'url':
      base = fc.webUrl();
      break;
    case 'email':
      base = fc.constantFrom('operator@nivesh.local', 'someone@example.com', 'a.b@c.in');
      break;
    case 'date':
      base = isoDate();
      break;
    case 'datetime':
      base = isoInstant();
      break;
    case 'uuid':
    case 'guid':
      base = fc.uuid();
      break;
    default:
      base = regex
        ? fc.stringMatching(regex)
        : fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 0) + LONGEST_VALID_STRING) });
  }
  // Now and then an edge value (NUL, a lone surrogate, very long) or NUL or a lone surrogate
  // inside a fitting one: whichever the schema lets through is a value the server must cope with.
  const edges = fc.oneof(nastyString, base.chain(withUnstorable));
  // Checks the generator does not know (trim, refinements) decide the rest.
  return fc
    .oneof({ weight: 2, arbitrary: base }, { weight: 1, arbitrary: edges })
    .filter((value) => schema.safeParse(value).success);
}

const isoDate = () =>
  fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
const isoInstant = () =>
  fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2099-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString());

interface NumberBounds {
  min: number;
  max: number;
  minExcluded: boolean;
  maxExcluded: boolean;
  integer: boolean;
  step: number | null;
}

function numberBounds(schema: Schema): NumberBounds {
  const bounds: NumberBounds = {
    min: -Number.MAX_VALUE,
    max: Number.MAX_VALUE,
    minExcluded: false,
    maxExcluded: false,
    integer: false,
    step: null,
  };
  const formats = [defOf(schema).format, ...checksOf(schema).map((c) => c.format)];
  if (formats.some((f) => f === 'safeint' || f === 'int32' || f === 'uint32')) {
    bounds.integer = true;
    bounds.min = Math.max(bounds.min, Number.MIN_SAFE_INTEGER);
    bounds.max = Math.min(bounds.max, Number.MAX_SAFE_INTEGER);
  }
  for (const check of checksOf(schema)) {
    const value = Number(check.value);
    if (check.check === 'greater_than' && value >= bounds.min) {
      bounds.min = value;
      bounds.minExcluded = !check.inclusive;
    }
    if (check.check === 'less_than' && value <= bounds.max) {
      bounds.max = value;
      bounds.maxExcluded = !check.inclusive;
    }
    if (check.check === 'multiple_of') bounds.step = value;
  }
  return bounds;
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const b = numberBounds(schema);
  let base: fc.Arbitrary<number>;
  const step = b.step ?? (b.integer ? 1 : null);
  if (step !== null) {
    const low = Math.ceil(Math.max(b.min, -1e15) / step);
    const high = Math.floor(Math.min(b.max, 1e15) / step);
    base = fc
      .bigInt({ min: BigInt(low), max: BigInt(Math.max(low, high)) })
      .map((k) => Number((Number(k) * step).toPrecision(12)));
    // Small values are the ones that reach the interesting code (a page 1, a quantity 10).
    const smallHigh = Math.min(high, low + 100);
    base = fc.oneof(
      base,
      fc
        .integer({ min: 0, max: Math.max(0, smallHigh - low) })
        .map((k) => Number(((low + k) * step).toPrecision(12))),
    );
  } else {
    base = fc.oneof(
      // Round figures: the ones forms send, and the ones on a step (₹0.05 ticks, 0.1%).
      fc.integer({ min: 0, max: 400 }).map((k) => Number((Math.max(b.min, 0) + k * 0.05).toFixed(2))),
      fc.double({
        min: b.min,
        max: b.max,
        minExcluded: b.minExcluded,
        maxExcluded: b.maxExcluded,
        noNaN: true,
        noDefaultInfinity: true,
      }),
      fc
        .integer({ min: 0, max: 10_000 })
        .map((k) => Math.min(b.max, Math.max(b.min, 0)) + k / 100)
        .filter((n) => n <= b.max),
    );
  }
  // Now and then an edge value (0.001, 1e17, 2^53 + 2...): if the schema lets it through, the
  // server must cope with it.
  return fc
    .oneof({ weight: 3, arbitrary: base }, { weight: 1, arbitrary: nastyNumber })
    .filter((value) => schema.safeParse(value).success);
}

/**
 * Known good values by field name (`symbol: ['INFY']`): mixed into what is generated for a field of
 * that name, so requests reach past "unknown symbol" into the code behind it.
 */
export type Hints = Readonly<Record<string, readonly unknown[]>>;

/** Values `schema` accepts (before refinements that span several fields). */
function validValue(schema: Schema, hints: Hints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const valid = (inner: Schema) => validValue(inner, hints);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'array': {
      const { min, max } = lengthBounds(schema);
      return fc.array(valid(def.element!), { minLength: min, maxLength: Math.min(max, min + 3) });
    }
    case 'tuple':
      return fc.tuple(...def.items!.map(valid));
    case 'object':
      return objectArbitrary(def.shape!, hints);
    case 'record': {
      const key = unwrap(def.keyType!);
      const keyDef = defOf(key);
      if (keyDef.type === 'enum' || keyDef.type === 'literal') {
        // A record over an enum needs every key.
        const keys = (keyDef.type === 'enum' ? Object.values(keyDef.entries!) : keyDef.values!).map(String);
        return fc.record(Object.fromEntries(keys.map((k) => [k, valid(def.valueType!)])));
      }
      return fc.dictionary(valid(key) as fc.Arbitrary<string>, valid(def.valueType!), { maxKeys: 3 });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(valid(def.innerType!), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(valid(def.innerType!), { nil: null, freq: 4 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return valid(def.innerType!);
    case 'union':
      return fc.oneof(...def.options!.map(valid));
    case 'intersection':
      return fc
        .tuple(valid(def.left!), valid(def.right!))
        .map(([a, b]) => (isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : a));
    case 'pipe':
      return valid(def.in!);
    case 'lazy':
      return valid(def.getter!());
    default:
      // transform, any, unknown, custom: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A field's values: generated ones, and the hinted ones its schema accepts. */
function fieldValue(key: string, schema: Schema, hints: Hints): fc.Arbitrary<unknown> {
  const generated = validValue(schema, hints);
  const hinted = (hints[key] ?? []).filter((value) => schema.safeParse(value).success);
  return hinted.length ? fc.oneof(generated, fc.constantFrom(...hinted)) : generated;
}

function objectArbitrary(shape: Record<string, Schema>, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(shape);
  return fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue(k, shape[k]!, hints)])), {
    requiredKeys: keys.filter((k) => !isOptional(shape[k]!)),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------
// Values a schema should refuse
// ---------------------------------------------------------------------------------------------

/** A value of some other type than the field wants. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, 1, '', 'x', [], {}, [1, 2], { a: 1 }, [null], [[[]]]),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Just outside a number's bounds, or not a whole number where one is wanted. */
function numberEdges(schema: Schema): number[] {
  const b = numberBounds(schema);
  const edges: number[] = [];
  if (b.min > -Number.MAX_VALUE) edges.push(b.min - 1, b.min - 1e-9, b.minExcluded ? b.min : b.min - 0.5);
  if (b.max < Number.MAX_VALUE) edges.push(b.max + 1, b.max * 10 + 1, b.maxExcluded ? b.max : b.max + 0.5);
  if (b.integer) edges.push(1.5, (b.min > 0 ? b.min : 0) + 0.25);
  if (b.step !== null) edges.push(b.step / 3, (b.min > 0 ? b.min : 0) + b.step / 2);
  return edges.filter((n) => Number.isFinite(n));
}

/** Values that `schema` should refuse (most of them do; callers check with `safeParse`). */
function invalidValue(schema: Schema, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const valid = (inner: Schema) => validValue(inner, hints);
  const invalid = (inner: Schema, deeper: number) => invalidValue(inner, hints, deeper);
  const generic = fc.oneof(wrongType, nastyString, nastyNumber);
  if (depth > 4) return generic;
  switch (def.type) {
    case 'string': {
      const { max } = lengthBounds(schema);
      const options: Array<fc.Arbitrary<unknown>> = [
        generic,
        nastyString,
        valid(schema).chain((s) => withUnstorable(String(s))),
      ];
      if (Number.isFinite(max)) options.push(fc.constant('z'.repeat(max + 1)));
      return fc.oneof(...options);
    }
    case 'number': {
      const edges = numberEdges(schema);
      return fc.oneof(
        generic,
        nastyNumber,
        ...(edges.length ? [fc.constantFrom(...edges)] : []),
        fc.constantFrom('12', '1e3', 'abc', null, true),
      );
    }
    case 'boolean':
      return fc.oneof(generic, fc.constantFrom('true', 'false', 0, 1, 'yes', null));
    case 'enum':
    case 'literal': {
      const allowed = (def.type === 'enum' ? Object.values(def.entries!) : def.values!).map(String);
      return fc.oneof(
        generic,
        fc.constantFrom(...allowed).map((v) => (v.toLowerCase() === v ? v.toUpperCase() : v.toLowerCase())),
        fc.constantFrom(...allowed).chain(withUnstorable),
        fc.constantFrom(...allowed).map((v) => ` ${v} `),
      );
    }
    case 'array': {
      const { max } = lengthBounds(schema);
      const options: Array<fc.Arbitrary<unknown>> = [
        generic,
        fc.array(invalid(def.element!, depth + 1), { minLength: 1, maxLength: 3 }),
      ];
      if (Number.isFinite(max) && max < 10_000)
        options.push(valid(def.element!).map((v) => Array(max + 1).fill(v)));
      return fc.oneof(...options);
    }
    case 'object':
      return fc.oneof(generic, ...objectMutations(def.shape!, hints, depth));
    case 'record': {
      return fc.oneof(
        generic,
        valid(schema).chain((base) =>
          fc.tuple(nastyString, invalid(def.valueType!, depth + 1)).map(([key, value]) => ({
            ...(isPlainObject(base) ? base : {}),
            [key]: value,
          })),
        ),
        valid(schema).map((base) =>
          withOwnKey(isPlainObject(base) ? base : {}, '__proto__', { polluted: true }),
        ),
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return invalid(def.innerType!, depth);
    case 'union':
      return fc.oneof(generic, ...def.options!.map((option) => invalid(option, depth + 1)));
    case 'pipe':
      return invalid(def.in!, depth);
    case 'lazy':
      return invalid(def.getter!(), depth);
    default:
      return generic;
  }
}

/** `value` with an own enumerable key (JSON.stringify writes it; `{ __proto__: x }` would not). */
function withOwnKey(value: Record<string, unknown>, key: string, child: unknown): Record<string, unknown> {
  const copy = { ...value };
  Object.defineProperty(copy, key, { value: child, enumerable: true, configurable: true, writable: true });
  return copy;
}

function objectMutations(
  shape: Record<string, Schema>,
  hints: Hints,
  depth: number,
): Array<fc.Arbitrary<unknown>> {
  const keys = Object.keys(shape);
  const required = keys.filter((k) => !isOptional(shape[k]!));
  const valid = objectArbitrary(shape, hints);
  const mutations: Array<fc.Arbitrary<unknown>> = [
    // A `__proto__` or `constructor.prototype` key, at this level.
    valid.map((base) => withOwnKey(base, '__proto__', { isAdmin: true })),
    valid.map((base) => withOwnKey(base, 'constructor', { prototype: { isAdmin: true } })),
    // An unknown key, with a nasty name.
    fc.tuple(valid, nastyString).map(([base, key]) => withOwnKey(base, key, 1)),
  ];
  if (keys.length > 0) {
    // One field broken (deep: the field's own mutations recurse).
    mutations.push(
      fc
        .tuple(valid, fc.constantFrom(...keys))
        .chain(([base, key]) =>
          invalidValue(shape[key]!, hints, depth + 1).map((bad) => withOwnKey(base, key, bad)),
        ),
    );
  }
  if (required.length > 0) {
    // One required field missing.
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([base, key]) => {
        const copy = { ...base };
        delete copy[key];
        return copy;
      }),
    );
  }
  return mutations;
}

// ---------------------------------------------------------------------------------------------
// Whole requests
// ---------------------------------------------------------------------------------------------

/** One request to send, and whether the route's schemas accept every part of it. */
export interface RequestCase {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Raw body text (JSON or not); undefined: no body. */
  payload?: string;
  /**
   * True when the server must refuse it before any handler runs (a part its schemas refuse, a
   * body that is not JSON, a path that is not valid percent-encoding). Worked out from the same
   * schemas the server validates with, on what the server will parse.
   */
  refused: boolean;
  /** A short description for failure messages. */
  label: string;
}

type Part = { kind: 'valid' | 'mutated' };

interface ParamsPart extends Part {
  /** Path segments to put in place of `:name`, already percent-encoded (or deliberately not). */
  encoded: Record<string, string>;
  refused: boolean;
}

interface QueryPart extends Part {
  text: string;
}

interface BodyPart extends Part {
  payload?: string;
  contentType?: string;
  refused: boolean;
}

/** Percent-encodes like encodeURIComponent; a lone surrogate becomes invalid UTF-8 on purpose. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.replace(/[^A-Za-z0-9]/g, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return '%ED%A0%80';
      }
    });
  }
}

/** Path text a route would get for a value (numbers and booleans as the browser writes them). */
const asText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

const BAD_ENCODINGS = ['%E0%A4%A', '%', '%zz', '%C0%AF', '%ED%A0%80', 'a%2', '%FF%FE'];

/** How requests for a route are made: hinted field values, and whether only valid ones. */
export interface RequestOptions {
  hints?: Hints;
  /** Only requests every schema of the route accepts (nothing broken on purpose). */
  validOnly?: boolean;
}

function paramsArbitrary(route: RouteDefinition, options: RequestOptions): fc.Arbitrary<ParamsPart> {
  const hints = options.hints ?? {};
  const schema = route.params as Schema | undefined;
  const names = [...route.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  if (!schema || names.length === 0) return fc.constant({ kind: 'valid', encoded: {}, refused: false });
  const shape = defOf(schema).shape!;
  const valid = fc.record(
    Object.fromEntries(names.map((n) => [n, fieldValue(n, shape[n]!, hints).map(asText)])),
  );
  const toPart = (values: Record<string, string>, kind: 'valid' | 'mutated'): ParamsPart => ({
    kind,
    encoded: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeSegment(v)])),
    // An empty segment does not reach the route at all (404): refused just the same.
    refused: !schema.safeParse(values).success || Object.values(values).some((v) => v === ''),
  });
  const validParts = valid.map((values) => toPart(values, 'valid'));
  if (options.validOnly) return validParts;
  return fc.oneof(
    { weight: 2, arbitrary: validParts },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...names))
        .chain(([values, name]) =>
          fc
            .oneof(invalidValue(shape[name]!, hints).map(asText), nastyString)
            .map((bad) => toPart({ ...values, [name]: bad }, 'mutated')),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...names), fc.constantFrom(...BAD_ENCODINGS))
        .map(([values, name, bad]) => ({
          kind: 'mutated' as const,
          encoded: {
            ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeSegment(v)])),
            [name]: bad,
          },
          refused: true,
        })),
    },
  );
}

function queryText(entries: Array<[string, string]>): string {
  return entries.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&');
}

function queryArbitrary(route: RouteDefinition, options: RequestOptions): fc.Arbitrary<QueryPart> {
  const hints = options.hints ?? {};
  const schema = route.querystring as Schema | undefined;
  const junk = fc.oneof(
    fc.constant(''),
    fc.constantFrom(
      '__proto__[admin]=1',
      'constructor[prototype][admin]=1',
      '__proto__=x',
      'a=%E0%A4%A',
      '%zz=1',
      'a=1&a=2&a=3',
      '=&&=',
      `q=${'%41'.repeat(3_000)}`,
    ),
    fc.array(fc.tuple(nastyString, nastyString), { maxLength: 3 }).map((pairs) => queryText(pairs)),
  );
  if (!schema) {
    return options.validOnly
      ? fc.constant({ kind: 'valid' as const, text: '' })
      : junk.map((text) => ({ kind: 'mutated' as const, text }));
  }
  const shape = defOf(schema).shape!;
  const keys = Object.keys(shape);
  const validEntries = validValue(schema, hints).map((value) =>
    Object.entries(isPlainObject(value) ? value : {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, asText(v)]),
  );
  const validParts = validEntries.map((entries) => ({ kind: 'valid' as const, text: queryText(entries) }));
  if (options.validOnly) return validParts;
  return fc.oneof(
    { weight: 2, arbitrary: validParts },
    {
      weight: 3,
      arbitrary: fc.tuple(validEntries, fc.constantFrom(...keys)).chain(([entries, key]) =>
        fc.oneof(invalidValue(shape[key]!, hints).map(asText), nastyString).map((bad) => ({
          kind: 'mutated' as const,
          text: queryText([...entries.filter(([k]) => k !== key), [key, bad]]),
        })),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(validEntries, fc.constantFrom(...keys), fc.array(nastyString, { minLength: 2, maxLength: 3 }))
        .map(([entries, key, values]) => ({
          kind: 'mutated' as const,
          text: queryText([...entries, ...values.map((v): [string, string] => [key, v])]),
        })),
    },
    { weight: 1, arbitrary: junk.map((text) => ({ kind: 'mutated' as const, text })) },
  );
}

/** Raw texts no JSON parser accepts, or only just. */
const MALFORMED_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'NaN',
  'undefined',
  '\ufeff{}',
  '{"a":1}{"b":2}',
  '{"a":"\\x00"}',
  '{"a":"\\ud800"}',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"__proto__":{"isAdmin":true}}',
  '{"a":{"__proto__":{"isAdmin":true}}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"\\u005f_proto__":{"isAdmin":true}}',
  '1e400',
  '"just a string"',
  'null',
  '[]',
  'true',
];

const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/json; charset=utf-16',
  'application/octet-stream',
];

/** Whether the server's JSON parser and the route's body schema accept this text. */
function bodyAccepted(schema: Schema | undefined, text: string | undefined): boolean {
  if (text === undefined) return schema ? schema.safeParse(undefined).success : true;
  if (text.length === 0) return false;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return false;
  }
  if (hasForbiddenKey(value)) return false;
  return schema ? schema.safeParse(value).success : true;
}

function hasForbiddenKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      stack.push(...current);
      continue;
    }
    if (Object.hasOwn(current, '__proto__')) return true;
    const record = current as Record<string, unknown>;
    const ctor = Object.hasOwn(current, 'constructor') ? record['constructor'] : undefined;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    stack.push(...Object.values(record));
  }
  return false;
}

function bodyArbitrary(route: RouteDefinition, options: RequestOptions): fc.Arbitrary<BodyPart> {
  if (route.method === 'GET') return fc.constant({ kind: 'valid', refused: false });
  const hints = options.hints ?? {};
  const schema = route.body as Schema | undefined;
  const json = (value: unknown, kind: 'valid' | 'mutated'): BodyPart => {
    const payload = JSON.stringify(value) as string | undefined;
    if (payload === undefined) return { kind, refused: !bodyAccepted(schema, undefined) };
    return { kind, payload, contentType: 'application/json', refused: !bodyAccepted(schema, payload) };
  };
  const raw = fc.constantFrom(...MALFORMED_JSON).map((payload): BodyPart => ({
    kind: 'mutated',
    payload,
    contentType: 'application/json',
    refused: !bodyAccepted(schema, payload),
  }));
  const empty = fc.constant<BodyPart>({
    kind: 'mutated',
    payload: '',
    contentType: 'application/json',
    refused: true,
  });
  const otherType = fc
    .tuple(
      fc.constantFrom(...OTHER_CONTENT_TYPES),
      fc.oneof(fc.constant('{"a":1}'), fc.string({ maxLength: 20 })),
    )
    .map(([contentType, payload]): BodyPart => ({
      kind: 'mutated',
      payload,
      contentType,
      refused: contentType.startsWith('application/json')
        ? !bodyAccepted(schema, payload)
        : // Only text/plain has a parser besides JSON: its string passes a route that reads no body.
          !(contentType === 'text/plain' && (schema ? schema.safeParse(payload).success : true)),
    }));
  const tooLarge = fc.constant<BodyPart>({
    kind: 'mutated',
    payload: JSON.stringify({ filler: 'f'.repeat(1_100_000) }),
    contentType: 'application/json',
    refused: true,
  });
  const broken: Array<fc.WeightedArbitrary<BodyPart>> = [
    { weight: 40, arbitrary: raw },
    { weight: 20, arbitrary: empty },
    { weight: 20, arbitrary: otherType },
    // Rare: a body over the server's limit.
    { weight: 1, arbitrary: tooLarge },
  ];
  if (!schema) {
    const none = fc.constant<BodyPart>({ kind: 'valid', refused: false });
    if (options.validOnly) return none;
    return fc.oneof(
      { weight: 20, arbitrary: none },
      { weight: 20, arbitrary: wrongType.map((v) => json(v, 'mutated')) },
      ...broken,
    );
  }
  const validBodies = validValue(schema, hints).map((v) => json(v, 'valid'));
  if (options.validOnly) return validBodies;
  return fc.oneof(
    { weight: 40, arbitrary: validBodies },
    { weight: 120, arbitrary: invalidValue(schema, hints).map((v) => json(v, 'mutated')) },
    {
      weight: 20,
      arbitrary: fc.constant<BodyPart>({ kind: 'mutated', refused: !bodyAccepted(schema, undefined) }),
    },
    ...broken,
  );
}

/**
 * Requests for one route: its path with valid or broken parameters, a query string, a body; now
 * and then an HTTP method no route of that path answers.
 */
export function requestCase(route: RouteDefinition, options: RequestOptions = {}): fc.Arbitrary<RequestCase> {
  const otherMethod = fc.constantFrom('PUT', 'DELETE', 'PATCH');
  return fc
    .tuple(
      paramsArbitrary(route, options),
      queryArbitrary(route, options),
      bodyArbitrary(route, options),
      options.validOnly
        ? fc.constant(route.method)
        : fc.oneof(
            { weight: 19, arbitrary: fc.constant(route.method) },
            { weight: 1, arbitrary: otherMethod },
          ),
    )
    .map(([params, query, body, method]): RequestCase => {
      const path = route.path.replace(
        /:([A-Za-z_][A-Za-z0-9_]*)/g,
        (_, name: string) => params.encoded[name] ?? '',
      );
      const url = query.text ? `${path}?${query.text}` : path;
      const headers: Record<string, string> = {};
      if (body.contentType) headers['content-type'] = body.contentType;
      const label = [
        `${method} ${url.length > 200 ? `${url.slice(0, 200)}…` : url}`,
        `params ${params.kind}, query ${query.kind}, body ${body.kind}`,
        body.payload === undefined
          ? 'no body'
          : `body ${body.payload.length > 300 ? `${body.payload.slice(0, 300)}…` : body.payload}`,
      ].join(' | ');
      return {
        method,
        url,
        headers,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        // The query string is not counted: only GET routes read one, and they change nothing.
        refused: method !== route.method || params.refused || body.refused,
        label,
      };
    });
}
