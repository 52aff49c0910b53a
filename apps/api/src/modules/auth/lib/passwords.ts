// Password hashing: argon2id at OWASP's recommended parameters (19 MiB, 2 passes, 1 lane)
// through the prebuilt @node-rs/argon2.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet, argon2id option 2. */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (an ambient const enum cannot be imported under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Makes the stand-in hash ahead of the first log-in for an unknown e-mail (whose time it sets). */
export function prepareTimingEqualiser(): Promise<string> {
  return (dummyHash ??= hashPassword('timing-equaliser'));
}

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail) it still spends the
 * time of one verification, so the answer time does not tell whether an account exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await prepareTimingEqualiser(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
