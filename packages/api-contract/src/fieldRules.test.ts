import { ruleNumber } from './common';
import { fromWire, ruleProblem, ruleSentence, toWire, type NumberRule } from './fieldRules';
import { DAILY_AMOUNT_RULE, MANUAL_ALLOCATION_RULE } from './allocation';
import { RISK_LIMIT_RULES } from './risk';
import { PAPER_COST_RULES, PAPER_LIMIT_RULES } from './trading';

const ALL_RULES: NumberRule[] = [
  ...Object.values(PAPER_LIMIT_RULES),
  ...Object.values(PAPER_COST_RULES),
  ...Object.values(RISK_LIMIT_RULES),
  MANUAL_ALLOCATION_RULE,
  DAILY_AMOUNT_RULE,
];

/** The first sentence the contract's schema refuses an API value with, or null. */
function schemaProblem(rule: NumberRule, wire: unknown): string | null {
  const result = ruleNumber(rule).safeParse(wire);
  return result.success ? null : (result.error.issues[0]?.message ?? 'refused');
}

describe('field rules', () => {
  it('say each range in the unit the operator types, with what it is of', () => {
    expect(ruleSentence(PAPER_LIMIT_RULES.stt_rate)).toBe(
      'STT rate must be between 0% and 0.5% of turnover.',
    );
    expect(ruleSentence(RISK_LIMIT_RULES.max_single_stock)).toBe(
      'Max single stock must be above 0% and at most 100% of the portfolio.',
    );
    expect(ruleSentence(RISK_LIMIT_RULES.weekly_loss_limit)).toBe(
      'Weekly loss limit must be a positive amount of rupees.',
    );
    expect(ruleSentence(DAILY_AMOUNT_RULE)).toBe('Daily amount must be at least ₹1,000, in steps of ₹1,000.');
    expect(ruleSentence(PAPER_COST_RULES.sebi_fee_per_crore)).toBe(
      'SEBI turnover fee must be between ₹0 and ₹10,000 per crore of turnover.',
    );
  });

  it('carry a percent typed for a fraction field as the fraction, on its decimal digits', () => {
    expect(toWire(PAPER_LIMIT_RULES.stt_rate, 0.1)).toBe(0.001);
    expect(toWire(PAPER_COST_RULES.intraday_stt_rate, 0.025)).toBe(0.00025);
    expect(fromWire(PAPER_COST_RULES.stamp_duty_intraday_rate, 0.00003)).toBe(0.003);
    expect(fromWire(RISK_LIMIT_RULES.max_single_stock, 0.2)).toBe(20);
    // A percent field's value travels as typed.
    expect(toWire(PAPER_LIMIT_RULES.transaction_charges, 0.00345)).toBe(0.00345);
  });

  it('refuse STT of 30%, a single stock of 2000% and a negative weekly loss limit', () => {
    // 0.3 typed as a fraction is 30% of turnover.
    expect(schemaProblem(PAPER_LIMIT_RULES.stt_rate, 0.3)).toBe(
      'STT rate must be between 0% and 0.5% of turnover.',
    );
    expect(ruleProblem(PAPER_LIMIT_RULES.stt_rate, 30)).toBe(
      'STT rate must be between 0% and 0.5% of turnover.',
    );
    expect(schemaProblem(RISK_LIMIT_RULES.max_single_stock, 20)).toBe(
      'Max single stock must be above 0% and at most 100% of the portfolio.',
    );
    expect(schemaProblem(RISK_LIMIT_RULES.weekly_loss_limit, -500)).toBe(
      'Weekly loss limit must be a positive amount of rupees.',
    );
    expect(schemaProblem(PAPER_LIMIT_RULES.stt_rate, 0.001)).toBeNull();
    expect(ruleProblem(PAPER_LIMIT_RULES.stt_rate, 0.1)).toBeNull();
  });

  it('refuse what is typed exactly as the server refuses the value it becomes', () => {
    const typed = [
      -1,
      0,
      0.004,
      0.1,
      0.5,
      0.55,
      1,
      2.55,
      3.2,
      6,
      6.1,
      20,
      20.5,
      50,
      100,
      101,
      999,
      1_000,
      1_500,
      24_987,
      25_000,
      1e13,
      Number.NaN,
    ];
    for (const rule of ALL_RULES) {
      for (const value of typed) {
        expect([rule.label, value, schemaProblem(rule, toWire(rule, value))]).toEqual([
          rule.label,
          value,
          ruleProblem(rule, value),
        ]);
      }
    }
  });

  it('take an empty field only where it means something', () => {
    expect(ruleProblem(PAPER_COST_RULES.brokerage_rate, null)).toBeNull();
    expect(ruleProblem(PAPER_LIMIT_RULES.stt_rate, null)).toBe(
      'STT rate must be between 0% and 0.5% of turnover.',
    );
  });
});
