/**
 * Every number an answer carries is rounded once to a stated precision (common.ts `decimals`:
 * Rupees to the paisa, Percent, Fraction, Ratio, Points, Measure) or is a whole number, or is a
 * setting given back as the operator entered it (`asEntered`): no answer leaves the server with a
 * float's noise. Requests are never rounded: an amount sent with more
 * decimals than it may have is refused by its own schema, not silently changed.
 */
import { z } from 'zod';
import { decimals, enteredValues, Percent, roundTo, Rupees } from './common';
import { listRoutes } from './index';

interface NumberFinding {
  path: string;
  rounded: boolean;
  integer: boolean;
}

/** Every number schema inside `schema`, with the path to it and whether it is rounded or whole. */
function numbersIn(schema: z.core.$ZodType): NumberFinding[] {
  const found: NumberFinding[] = [];
  const seen = new Set<unknown>();
  const visit = (s: unknown, path: string) => {
    if (!s || typeof s !== 'object' || !('_zod' in s) || seen.has(s)) return;
    seen.add(s);
    // Given back as the operator entered it: its request schema states its precision.
    if (enteredValues.has(s as z.core.$ZodType)) return;
    const def = (s as z.core.$ZodType)._zod.def as unknown as Record<string, unknown> & {
      type: string;
      checks?: Array<{ _zod: { def: { check: string; format?: string } } }>;
    };
    if (def.type === 'number') {
      const checks = (def.checks ?? []).map((c) => c._zod.def);
      found.push({
        path,
        rounded: checks.some((c) => c.check === 'overwrite'),
        integer:
          checks.some((c) => c.check === 'number_format' && /int/.test(c.format ?? '')) ||
          (s as { _zod: { bag?: { format?: string } } })._zod.bag?.format === 'safeint',
      });
      return;
    }
    if (def.type === 'lazy') visit((def['getter'] as () => unknown)(), path);
    if (def.type === 'array') {
      visit(def['element'], `${path}[]`);
      return;
    }
    if (def.type === 'object') {
      for (const [key, value] of Object.entries(def['shape'] as Record<string, unknown>))
        visit(value, `${path}.${key}`);
      visit(def['catchall'], `${path}.*`);
      return;
    }
    for (const [key, value] of Object.entries(def)) {
      if (key === 'checks') continue;
      if (Array.isArray(value)) value.forEach((v) => visit(v, path));
      else visit(value, path);
    }
  };
  visit(schema, '');
  return found;
}

describe('the precision of every number in an answer', () => {
  it('finds an unrounded number where there is one (the check below can fail)', () => {
    const findings = numbersIn(z.object({ a: z.array(z.object({ amount: z.number(), paid: Rupees })) }));
    expect(findings).toEqual([
      { path: '.a[].amount', rounded: false, integer: false },
      { path: '.a[].paid', rounded: true, integer: false },
    ]);
    expect(numbersIn(z.object({ n: z.number().int() }))[0]!.integer).toBe(true);
  });

  it('rounds or counts every number of every response of the contract', () => {
    const unrounded: string[] = [];
    for (const { id, route } of listRoutes()) {
      for (const [status, schema] of Object.entries(route.responses)) {
        for (const n of numbersIn(schema as z.core.$ZodType)) {
          if (!n.rounded && !n.integer) unrounded.push(`${id} ${status}${n.path}`);
        }
      }
    }
    expect(unrounded).toEqual([]);
  });

  it('never rounds a request: what is sent is checked as sent', () => {
    const rounding: string[] = [];
    for (const { id, route } of listRoutes()) {
      for (const [part, schema] of Object.entries({
        body: route.body,
        querystring: route.querystring,
        params: route.params,
      })) {
        if (!schema) continue;
        for (const n of numbersIn(schema as z.core.$ZodType)) {
          if (n.rounded) rounding.push(`${id} ${part}${n.path}`);
        }
      }
    }
    expect(rounding).toEqual([]);
  });

  it('rounds half away from zero on the decimal value, never giving -0', () => {
    expect(Rupees.parse(25125.250000000004)).toBe(25125.25);
    expect(Rupees.parse(1.005)).toBe(1.01);
    expect(Rupees.parse(-1.005)).toBe(-1.01);
    expect(Object.is(Rupees.parse(-0.001), 0)).toBe(true);
    expect(Percent.parse(-3.7114000000004754)).toBe(-3.7114);
    expect(decimals(4).parse(-0.037114000000004754)).toBe(-0.0371);
    expect(decimals(2).parse(-3.7114000000004754)).toBe(-3.71);
    expect(roundTo(1e21, 2)).toBe(1e21);
  });
});
