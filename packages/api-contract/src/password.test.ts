import { passwordProblem, passwordStrength, strengthLabel } from './password';

describe('passwordStrength', () => {
  it('gives 25 for length 12+, 25 lowercase, 25 uppercase, 15 digit, 10 symbol', () => {
    expect(passwordStrength('').score).toBe(0);
    expect(passwordStrength('abc').score).toBe(25);
    expect(passwordStrength('abcdefghijkl').score).toBe(50);
    expect(passwordStrength('abcdefghijkL').score).toBe(75);
    expect(passwordStrength('abcdefghijL1').score).toBe(90);
    expect(passwordStrength('abcdefghiL1!').score).toBe(100);
    expect(passwordStrength('A1!').score).toBe(50);
    expect(passwordStrength('!!!!').score).toBe(10);
    expect(passwordStrength('1234').score).toBe(15);
  });

  it('labels below 25 Weak, below 50 Fair, below 75 Good, else Strong', () => {
    expect(strengthLabel(0)).toBe('Weak');
    expect(strengthLabel(24)).toBe('Weak');
    expect(strengthLabel(25)).toBe('Fair');
    expect(strengthLabel(49)).toBe('Fair');
    expect(strengthLabel(50)).toBe('Good');
    expect(strengthLabel(74)).toBe('Good');
    expect(strengthLabel(75)).toBe('Strong');
    expect(passwordStrength('abcdefghiL1!')).toEqual({ score: 100, label: 'Strong' });
  });
});

describe('passwordProblem', () => {
  it('refuses fewer than 12 characters with the specification text', () => {
    expect(passwordProblem('Abc1!xyz')).toBe('Password must be at least 12 characters long');
  });

  it('refuses a long password below strength 75', () => {
    expect(passwordProblem('abcdefghijklmnop')).toMatch(/too weak/);
  });

  it('accepts a long password of strength 75 or more', () => {
    expect(passwordProblem('abcdefghijkL')).toBeNull();
    expect(passwordProblem('Correct-Horse-Battery-9')).toBeNull();
  });
});
