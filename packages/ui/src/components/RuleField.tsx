/**
 * The one number field of a settings form: a value in ONE unit, the one its field rule says
 * (@nivesh/api-contract's fieldRules: a percent is typed as a percent, rupees as rupees), with the
 * unit beside the input and in the label, and the contract's sentence beside the field while the
 * value is refused. `useRuleForm` (form/ruleForm.ts) reads the typed texts with the contract's
 * schema and gives each field its problem, so the form and the server refuse the same values with
 * the same words. Every rate and limit form uses these two (the paper engine's limits and costs,
 * the risk limits, the daily allocation).
 */
import type { ReactNode } from 'react';
import { Field, Input, InputGroup } from '@nivesh/ui/chakra';
import { ruleUnitText, type NumberRule } from '@nivesh/api-contract/plain';

/** The label with its unit: 'STT rate (% of turnover)', 'Max position size (₹)'. */
export function ruleLabel(rule: NumberRule): string {
  return rule.unit === 'count'
    ? `${rule.label} (${rule.of ?? 'count'})`
    : `${rule.label} (${ruleUnitText(rule)})`;
}

/** What stands beside the input (an addon, outside it): ₹ before an amount, % after a percent, the counted thing after a count. */
function unitBeside(rule: NumberRule): { start?: string; end?: string } {
  switch (rule.unit) {
    case 'rupees':
      return { start: '₹' };
    case 'rupees_per_crore':
      return { start: '₹', end: 'per crore' };
    case 'percent':
      return { end: '%' };
    case 'count':
      return { end: rule.of };
  }
}

export interface RuleFieldProps {
  rule: NumberRule;
  /** The label; the rule's name with its unit by default. */
  label?: string;
  /** What is typed, in the rule's unit. */
  value: string;
  onChange(text: string): void;
  onBlur?(): void;
  /** The contract's sentence while the value is refused, else null. */
  problem: string | null | undefined;
  /** What the field means, shown while the value is fine. */
  help?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

export function RuleField({
  rule,
  label = ruleLabel(rule),
  value,
  onChange,
  onBlur,
  problem,
  help,
  placeholder,
  disabled,
  size = 'md',
}: RuleFieldProps) {
  const { start, end } = unitBeside(rule);
  return (
    <Field.Root invalid={Boolean(problem)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <InputGroup startAddon={start} endAddon={end} startAddonProps={{ size }} endAddonProps={{ size }}>
        <Input
          size={size}
          type="number"
          inputMode="decimal"
          min={rule.min}
          max={rule.max}
          step={rule.step}
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          fontVariantNumeric="tabular-nums"
        />
      </InputGroup>
      {problem ? (
        <Field.ErrorText>{problem}</Field.ErrorText>
      ) : (
        help && <Field.HelperText>{help}</Field.HelperText>
      )}
    </Field.Root>
  );
}
