import { emailField, NAME_MAX_LENGTH } from '@pathwise/contract';
import type { IDToken, UserInfoResponse } from 'openid-client';

/** What Pathwise keeps from the claims of a person signed in at an OpenID Connect provider. */
export type ProviderIdentity = {
  subject: string;
  /** A valid address, or null when the provider gave none we could use. */
  email: string | null;
  /** Only a provider's explicit `email_verified: true` lets us link to an existing account. */
  emailVerified: boolean;
  name: string;
  /** An https URL of the provider's picture, or null. */
  picture: string | null;
};

const PICTURE_URL_MAX_LENGTH = 2048;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function identityFromClaims(claims: IDToken & Partial<UserInfoResponse>): ProviderIdentity {
  const email = emailField.safeParse(claims.email).data ?? null;
  const fullName = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  // Without any name the address's local part stands in (accounts are only created with an address).
  const name = text(claims.name) ?? text(fullName) ?? email?.split('@')[0] ?? '';
  const picture = text(claims.picture);
  return {
    subject: claims.sub,
    email,
    // Some providers send the flag as a string.
    emailVerified: claims.email_verified === true || (claims.email_verified as unknown) === 'true',
    name: name.slice(0, NAME_MAX_LENGTH),
    picture:
      picture?.startsWith('https://') && picture.length <= PICTURE_URL_MAX_LENGTH && URL.canParse(picture)
        ? picture
        : null,
  };
}
