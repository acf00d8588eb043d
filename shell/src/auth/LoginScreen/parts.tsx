/** Pieces the login-screen forms share: the brand mark, the email and password inputs, a message box. */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Field, HStack, IconButton, Input, InputGroup, Stack, Text } from '@nivesh/ui/chakra';
import { LuChartLine, LuEye, LuEyeOff } from 'react-icons/lu';

/** The app's name with its chart-line mark. */
export function BrandMark() {
  return (
    <HStack gap="3" justify="center">
      <Box
        aria-hidden
        display="grid"
        placeItems="center"
        boxSize="11"
        rounded="xl"
        color="white"
        bgGradient="to-br"
        gradientFrom="brand.400"
        gradientTo="brand.700"
        shadow="0 8px 24px -8px var(--chakra-colors-brand-500)"
      >
        <LuChartLine size="24" strokeWidth="2.5" />
      </Box>
      <Stack gap="0">
        <Text
          as="span"
          fontFamily="heading"
          fontSize="2xl"
          fontWeight="bold"
          letterSpacing="-0.02em"
          lineHeight="1.1"
        >
          Nivesh
        </Text>
        <Text as="span" textStyle="xs" color="fg.muted" letterSpacing="wide">
          Trading &amp; portfolio console
        </Text>
      </Stack>
    </HStack>
  );
}

export interface EmailInputProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  helperText?: ReactNode;
}

/** The operator's email address, labelled 'Email'. */
export function EmailInput({ value, onChange, disabled, helperText }: EmailInputProps) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>Email</Field.Label>
      <Input
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        size="lg"
        placeholder="you@example.com"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}

export interface PasswordInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
  helperText?: ReactNode;
  autoFocus?: boolean;
}

/** A labelled password input with a show/hide toggle. */
export function PasswordInput({
  label,
  value,
  onChange,
  autoComplete,
  disabled,
  helperText,
  autoFocus,
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const what = label.toLowerCase();
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        endElement={
          <IconButton
            aria-label={visible ? `Hide ${what}` : `Show ${what}`}
            aria-pressed={visible}
            size="sm"
            variant="ghost"
            me="-2"
            disabled={disabled}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <LuEyeOff /> : <LuEye />}
          </IconButton>
        }
      >
        <Input
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          spellCheck={false}
          autoCapitalize="none"
          size="lg"
        />
      </InputGroup>
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}

export interface FormMessageProps {
  status: 'error' | 'success' | 'info' | 'warning';
  title: ReactNode;
  children?: ReactNode;
}

/** A message in the card: errors are announced at once, the others politely. */
export function FormMessage({ status, title, children }: FormMessageProps) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'} rounded="l2" variant="subtle">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
