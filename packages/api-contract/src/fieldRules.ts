/**
 * The one rule of a number an operator types into a settings form (a rate, a limit, an amount): its
 * unit, its range and the sentence that refuses a value outside it. The contract's request schemas
 * are built from these rules (`ruleNumber` in common.ts), and the forms check what is typed with the
 * same rule (`ruleProblem`) and show the same sentence beside the field, so the server and the form
 * refuse the same values in the same words.
 *
 * A field takes its value in ONE unit, the one the operator reads: a percent is typed as a percent
 * (20 means 20%), whatever the API carries. A rule whose API value is a fraction (0.2 for 20%, as the
 * specification's `max_single_stock` or `stt_rate`) says `wire: 'fraction'`, and `toWire` /
 * `fromWire` convert on the decimal digits (0.025% is 0.00025 exactly, not 0.00025000000000000006).
 *
 * Zod-free, so the shared UI package can use it (it comes through `@nivesh/api-contract/plain`).
 */

/** What the operator types: rupees, a percent, a whole count, or rupees per crore of turnover. */
export type RuleUnit = 'rupees' | 'percent' | 'count' | 'rupees_per_crore';

export interface NumberRule {
  /** The field's name, as it starts the sentence: 'STT rate'. */
  label: string;
  unit: RuleUnit;
  /**
   * What the unit is of: a percent's whole ('of turnover'), what a count counts ('positions'), what
   * an amount is per ('per stock per day').
   */
  of?: string;
  /** How the API carries the value: as typed (absent), or a fraction (the typed percent / 100). */
  wire?: 'fraction';
  /** The smallest value allowed, in the typed unit. */
  min: number;
  /** The minimum itself is refused: the value must be above it ('a positive amount'). */
  aboveMin?: boolean;
  /** The largest value allowed, in the typed unit; absent: rupees up to MAX_RUPEES. */
  max?: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** The input's step, in the typed unit. */
  step: number;
  /** Values must be whole multiples of `step` (a daily amount in ₹1,000s). */
  stepped?: boolean;
  /** The field may be left empty (null in the API); what that means, for the form's help. */
  emptyMeans?: string;
}

/** The largest amount of rupees a request may carry (common.ts MAX_RUPEES), in a sentence. */
const MAX_RUPEES_VALUE = 1e12;
const MAX_RUPEES_WORDS = '₹1,00,000 crore';

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const fine = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 8 });

/** A bound in the rule's unit: '₹1,000', '0.5%', '100'. */
export function ruleValueText(rule: Pick<NumberRule, 'unit'>, value: number): string {
  switch (rule.unit) {
    case 'percent':
      return `${fine.format(Number(value.toPrecision(12)))}%`;
    case 'rupees':
    case 'rupees_per_crore':
      return `₹${grouping.format(value)}`;
    case 'count':
      return grouping.format(value);
  }
}

/** What follows a range: ' of turnover', ' per crore of turnover', ' positions'. */
function ofText(rule: NumberRule): string {
  if (rule.unit === 'rupees_per_crore') return ` per crore${rule.of ? ` ${rule.of}` : ''}`;
  return rule.of ? ` ${rule.of}` : '';
}

/**
 * The rule as one sentence: 'STT rate must be between 0% and 0.5% of turnover.', 'Max single stock
 * must be above 0% and at most 100% of the portfolio.', 'Weekly loss limit must be a positive amount
 * of rupees.', 'Daily amount must be at least ₹1,000, in steps of ₹1,000.'
 */
export function ruleSentence(rule: NumberRule): string {
  const v = (x: number) => ruleValueText(rule, x);
  const step = rule.stepped ? `, in steps of ${v(rule.step)}` : '';
  const whole = rule.integer && rule.unit === 'rupees' && !rule.stepped ? ', in whole rupees' : '';
  if (rule.unit === 'count') {
    const what = rule.of ?? 'items';
    const range =
      rule.max === undefined ? `at least ${v(rule.min)}` : `from ${v(rule.min)} to ${v(rule.max)}`;
    return `${rule.label} must be a whole number of ${what}, ${range}.`;
  }
  if (rule.max === undefined) {
    if (rule.aboveMin && rule.min === 0) {
      return `${rule.label} must be a positive amount of ${whole ? 'whole ' : ''}rupees${ofText(rule)}${step}.`;
    }
    const range =
      rule.min === 0 && !rule.aboveMin
        ? `${v(0)} or more`
        : `${rule.aboveMin ? 'more than' : 'at least'} ${v(rule.min)}`;
    return `${rule.label} must be ${range}${ofText(rule)}${whole}${step}.`;
  }
  const range = rule.aboveMin
    ? `above ${v(rule.min)} and at most ${v(rule.max)}`
    : `between ${v(rule.min)} and ${v(rule.max)}`;
  return `${rule.label} must be ${range}${ofText(rule)}${whole}${step}.`;
}

/** `x` times 10^places on its decimal digits (no binary noise). */
function shift(x: number, places: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const [mantissa, exponent] = x.toExponential().split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** The API's value of a typed value: a percent of a fraction rule becomes the fraction. */
export function toWire(rule: NumberRule, typed: number): number {
  return rule.wire === 'fraction' ? shift(typed, -2) : typed;
}

/** The typed unit's value of the API's value: a fraction rule's 0.2 is 20 (percent). */
export function fromWire(rule: NumberRule, value: number): number {
  return rule.wire === 'fraction' ? shift(value, 2) : value;
}

/** True when `value` is a whole number of `step`s (tolerating binary fractions). */
export function onStep(value: number, step: number): boolean {
  const steps = value / step;
  return Math.abs(steps - Math.round(steps)) < 1e-9;
}

/** The sentence for a value beyond MAX_RUPEES (a rupee rule without a maximum of its own). */
export function ruleMaxRupeesSentence(rule: Pick<NumberRule, 'label'>): string {
  return `${rule.label} must be at most ${MAX_RUPEES_WORDS}.`;
}

/**
 * Why a value in the typed unit is refused, or null when the rule takes it. `null` is an empty
 * field: fine when the rule allows it (`emptyMeans`). The same checks, in the same order and words,
 * as the contract's `ruleNumber(rule)` on the API's value.
 */
export function ruleProblem(rule: NumberRule, typed: number | null): string | null {
  if (typed === null) return rule.emptyMeans === undefined ? ruleSentence(rule) : null;
  if (!Number.isFinite(typed)) return ruleSentence(rule);
  const tooLow = rule.aboveMin ? typed <= rule.min : typed < rule.min;
  if (tooLow) return ruleSentence(rule);
  if (rule.max !== undefined && typed > rule.max) return ruleSentence(rule);
  if (rule.max === undefined && rule.unit !== 'count' && typed > MAX_RUPEES_VALUE)
    return ruleMaxRupeesSentence(rule);
  if ((rule.integer || rule.unit === 'count') && !Number.isInteger(typed)) return ruleSentence(rule);
  if (rule.stepped && !onStep(typed, rule.step)) return ruleSentence(rule);
  return null;
}

/** What the operator typed, as a number in the rule's unit: '' is null (empty), nonsense NaN. */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** The unit beside the input, as words for its label: '% of turnover', '₹', '₹ per crore of turnover'. */
export function ruleUnitText(rule: NumberRule): string {
  switch (rule.unit) {
    case 'percent':
      return `%${ofText(rule)}`;
    case 'rupees':
      return `₹${ofText(rule)}`;
    case 'rupees_per_crore':
      return `₹${ofText(rule)}`;
    case 'count':
      return rule.of ?? 'count';
  }
}
