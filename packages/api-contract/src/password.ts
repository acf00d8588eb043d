/**
 * The password rules, shared by the login screen (meter, submit button) and the server (which
 * refuses what the screen would refuse). Specification part 1, section 5.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** The set-password form and the server both require at least this score. */
export const PASSWORD_MIN_STRENGTH = 75;

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

export interface PasswordStrength {
  score: number;
  label: StrengthLabel;
}

/**
 * 25 for length >= 12, 25 for a lowercase letter, 25 for an uppercase letter, 15 for a digit, 10 for
 * a symbol (anything else); capped at 100.
 */
export function passwordStrength(password: string): PasswordStrength {
  let score = 0;
  if (password.length >= PASSWORD_MIN_LENGTH) score += 25;
  if (/[a-z]/.test(password)) score += 25;
  if (/[A-Z]/.test(password)) score += 25;
  if (/[0-9]/.test(password)) score += 15;
  if (/[^A-Za-z0-9]/.test(password)) score += 10;
  score = Math.min(score, 100);
  return { score, label: strengthLabel(score) };
}

export function strengthLabel(score: number): StrengthLabel {
  if (score < 25) return 'Weak';
  if (score < 50) return 'Fair';
  if (score < 75) return 'Good';
  return 'Strong';
}

/** The sentence for a password the rules refuse, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 12 characters long';
  if (passwordStrength(password).score < PASSWORD_MIN_STRENGTH) {
    return 'Password is too weak: use upper and lower case letters, digits and symbols';
  }
  return null;
}
