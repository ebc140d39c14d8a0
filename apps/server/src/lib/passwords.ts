import { hash, verify } from '@node-rs/argon2';

export type PasswordHashing = { memoryCost: number; timeCost: number; parallelism: number };

/** Argon2id at OWASP's password storage minimum (19 MiB, 2 passes, 1 lane). */
export const PASSWORD_HASHING: PasswordHashing = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes and checks passwords at the given cost. A stored hash names its own parameters, so a hash
 * made at another cost still verifies.
 */
export function passwordHasher(cost: PasswordHashing = PASSWORD_HASHING) {
  return {
    hash: (password: string) => hash(password, cost),
    verify: (passwordHash: string, password: string) => verify(passwordHash, password),
  };
}
export type PasswordHasher = ReturnType<typeof passwordHasher>;
