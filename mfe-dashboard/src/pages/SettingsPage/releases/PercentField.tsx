/** A whole percentage from 0 to 100, typed; the message shows as soon as the text is not one. */
import { Field, Input, InputGroup } from '@nivesh/ui/chakra';
import { parsePercent, PERCENT_INVALID_TEXT } from './releaseDisplay';

export function PercentField({
  label,
  value,
  onChange,
  helper,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  helper?: string;
}) {
  const invalid = parsePercent(value) === null;
  return (
    <Field.Root invalid={invalid} maxW={{ base: 'full', sm: '44' }}>
      <Field.Label>{label}</Field.Label>
      <InputGroup endElement="%">
        <Input
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          fontVariantNumeric="tabular-nums"
        />
      </InputGroup>
      {invalid ? (
        <Field.ErrorText>{PERCENT_INVALID_TEXT}</Field.ErrorText>
      ) : (
        helper && <Field.HelperText>{helper}</Field.HelperText>
      )}
    </Field.Root>
  );
}
