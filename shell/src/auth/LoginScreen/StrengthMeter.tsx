/** The password strength bar and label, scored by the rules the server also applies. */
import { HStack, Progress, Text } from '@nivesh/ui/chakra';
import {
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_STRENGTH,
  passwordStrength,
  type StrengthLabel,
} from '@nivesh/api-contract';

const PALETTE: Record<StrengthLabel, string> = {
  Weak: 'red',
  Fair: 'orange',
  Good: 'yellow',
  Strong: 'green',
};

export function StrengthMeter({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  const palette = PALETTE[label];
  return (
    <Progress.Root
      value={score}
      min={0}
      max={100}
      size="sm"
      colorPalette={palette}
      aria-label="Password strength"
    >
      <HStack justify="space-between" mb="1.5">
        <Progress.Label textStyle="sm" color="fg.muted" fontWeight="medium">
          Password strength
        </Progress.Label>
        <Text textStyle="sm" fontWeight="semibold" color={`${palette}.fg`} data-testid="password-strength">
          {label}
        </Text>
      </HStack>
      <Progress.Track rounded="full">
        <Progress.Range transition="width 0.2s ease" />
      </Progress.Track>
      <Text textStyle="xs" color="fg.muted" mt="2">
        At least {PASSWORD_MIN_LENGTH} characters mixing upper and lower case letters; digits and symbols add
        strength. Strong ({PASSWORD_MIN_STRENGTH} or more) is required.
      </Text>
    </Progress.Root>
  );
}
