import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBody, signupBody } from '../src/auth.js';
import { CREDENTIAL_RULES, checkCredential, EMAIL_PATTERN } from '../src/credentials.js';

const INPUTS = [
  '',
  '   ',
  'ann@',
  'ann@example',
  ' ann@example.com ',
  "o'neil+news@mail.example.co.uk",
  'abc',
  ' secret1 ',
  'x'.repeat(101),
  `${'x'.repeat(250)}@example.com`,
  'y'.repeat(129),
];

/** What the server's schema says about one field: its first message, or the value it keeps. */
function zodVerdict(schema: z.ZodType, input: string) {
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message };
}

/** The web form checks credentials without zod: it must agree with the server's schemas. */
describe('checkCredential', () => {
  const cases = [
    { field: 'sign-up name', schema: signupBody.shape.name, rule: CREDENTIAL_RULES.name },
    { field: 'email', schema: signupBody.shape.email, rule: CREDENTIAL_RULES.email },
    { field: 'sign-up password', schema: signupBody.shape.password, rule: CREDENTIAL_RULES.newPassword },
    { field: 'sign-in password', schema: loginBody.shape.password, rule: CREDENTIAL_RULES.password },
  ];

  it.each(cases)('agrees with the server on the $field', ({ schema, rule }) => {
    for (const input of INPUTS) {
      const { value, error } = checkCredential(rule, input);
      expect(error ? { error } : { value }, JSON.stringify(input)).toEqual(zodVerdict(schema, input));
    }
  });

  it("uses zod's email pattern", () => {
    // The same pattern, written without the escapes of `-` that Biome finds useless.
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });
});
