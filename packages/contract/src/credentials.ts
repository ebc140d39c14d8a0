import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/**
 * The rules of the name, email and password fields, as plain data: auth.ts builds the zod
 * schemas the server validates with from them, and the sign-in page checks them with
 * `checkCredential`, so the first page a visitor sees does not download zod.
 */
export type CredentialRule = {
  /** Names the field in its messages. */
  label: string;
  /** Surrounding spaces are not part of the value. */
  trim: boolean;
  maxLength: number;
  minLength?: number;
  /** The value must be an email address, as `z.email()` accepts them. */
  email?: true;
};

/**
 * zod's own email pattern (`z.regexes.email`, which `z.email()` applies), copied so that checking an
 * address does not load zod's module of patterns; a contract test keeps the two equal.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const CREDENTIAL_RULES = {
  name: { label: 'Name', trim: true, maxLength: NAME_MAX_LENGTH },
  email: { label: 'Email', trim: true, maxLength: EMAIL_MAX_LENGTH, email: true },
  password: { label: 'Password', trim: false, maxLength: PASSWORD_MAX_LENGTH },
  newPassword: {
    label: 'Password',
    trim: false,
    maxLength: PASSWORD_MAX_LENGTH,
    minLength: PASSWORD_MIN_LENGTH,
  },
} as const satisfies Record<string, CredentialRule>;

export const credentialMessages = ({ label, maxLength, minLength }: CredentialRule) => ({
  required: `${label} is required`,
  tooLong: `${label} must be at most ${maxLength} characters`,
  tooShort: `${label} must be at least ${minLength} characters`,
  notEmail: 'Invalid email address',
});

/** The value the server reads from `input`, and the message of the first rule it breaks, if any. */
export function checkCredential(rule: CredentialRule, input: string): { value: string; error?: string } {
  const value = rule.trim ? input.trim() : input;
  const messages = credentialMessages(rule);
  if (!value) return { value, error: messages.required };
  if (value.length > rule.maxLength) return { value, error: messages.tooLong };
  if (rule.minLength !== undefined && value.length < rule.minLength)
    return { value, error: messages.tooShort };
  if (rule.email && !EMAIL_PATTERN.test(value)) return { value, error: messages.notEmail };
  return { value };
}
