/** The sign-up form contract: the human messages in the schema, and the normalised email. */
import { describe, expect, test } from 'vitest';
import { type SignUpInput, signUpInputSchema } from './session.ts';

const GOOD: SignUpInput = {
  name: 'Ann Fitter',
  email: 'ann@example.com',
  password: 'crimp-4-life',
  organizationName: 'Ann Hydraulics',
};

/** The issues of a failed parse as `{ path, message }`. */
function issuesOf(input: unknown): { path: string; message: string }[] {
  const result = signUpInputSchema.safeParse(input);
  expect(result.success, 'expected the input to be rejected').toBe(false);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('signUpInputSchema', () => {
  test('accepts a good sign-up unchanged', () => {
    expect(signUpInputSchema.parse(GOOD)).toEqual(GOOD);
  });

  test('accepts a password mixing letters with symbols only, or with digits only', () => {
    expect(signUpInputSchema.safeParse({ ...GOOD, password: 'hose!fitting' }).success).toBe(true);
    expect(signUpInputSchema.safeParse({ ...GOOD, password: 'hose123456' }).success).toBe(true);
  });

  test.each([
    ['an empty name', { ...GOOD, name: '' }, 'name', 'Enter your name'],
    ['a blank name', { ...GOOD, name: '   ' }, 'name', 'Enter your name'],
    ['a bad email', { ...GOOD, email: 'ann-at-example.com' }, 'email', 'Enter a valid email address'],
    ['an email without a domain', { ...GOOD, email: 'ann@' }, 'email', 'Enter a valid email address'],
    ['a short password', { ...GOOD, password: 'abc12' }, 'password', 'Use at least 10 characters'],
    ['a 9-character password', { ...GOOD, password: 'abcdefg1!' }, 'password', 'Use at least 10 characters'],
    [
      'a letters-only password',
      { ...GOOD, password: 'abcdefghijkl' },
      'password',
      'Mix letters with numbers or symbols',
    ],
    [
      'a digits-only password',
      { ...GOOD, password: '123456789012' },
      'password',
      'Mix letters with numbers or symbols',
    ],
    [
      'a too long password',
      { ...GOOD, password: `a1${'x'.repeat(199)}` },
      'password',
      'Use at most 200 characters',
    ],
    ['a too long name', { ...GOOD, name: 'n'.repeat(201) }, 'name', 'Your name is too long'],
    [
      'a blank organisation name',
      { ...GOOD, organizationName: '   ' },
      'organizationName',
      'Enter your shop or company name',
    ],
    [
      'an empty organisation name',
      { ...GOOD, organizationName: '' },
      'organizationName',
      'Enter your shop or company name',
    ],
    [
      'a too long organisation name',
      { ...GOOD, organizationName: 'o'.repeat(201) },
      'organizationName',
      'The name is too long',
    ],
  ])('rejects %s with its message', (_label, input, path, message) => {
    expect(issuesOf(input)).toEqual([{ path, message }]);
  });

  test('rejects a sign-up with the name field missing altogether', () => {
    const { name: _omitted, ...withoutName } = GOOD;
    const issues = issuesOf(withoutName);
    expect(issues.map((i) => i.path)).toEqual(['name']);
  });

  test('lower-cases the email', () => {
    expect(signUpInputSchema.parse({ ...GOOD, email: 'Ann@Example.COM' }).email).toBe('ann@example.com');
  });

  test('trims the name and the organisation name', () => {
    const parsed = signUpInputSchema.parse({
      ...GOOD,
      name: '  Ann Fitter ',
      organizationName: ' Ann Hydraulics  ',
    });
    expect(parsed.name).toBe('Ann Fitter');
    expect(parsed.organizationName).toBe('Ann Hydraulics');
  });

  test('trims the email before checking it', () => {
    const result = signUpInputSchema.safeParse({ ...GOOD, email: '  Ann@Example.COM  ' });
    expect(result.success && result.data.email).toBe('ann@example.com');
  });
});
