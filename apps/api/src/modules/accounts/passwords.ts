import { hash, verify } from '@node-rs/argon2';
import { isPasswordRefused } from '@shop/contract/password-rating';

/** OWASP's argon2id baseline (m=19 MiB, t=2, p=1): 15–19 ms of CPU a hash on these 2-core machines. */
// `algorithm: 2` is Argon2id (the package's enum is const, which isolated modules cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/**
 * Whether `password` is the one `passwordHash` was made from. A guest's row has no hash (they never chose a
 * password): that is a wrong password, checked against a dummy hash so it takes as long as one.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await spendVerifyTime(password);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** Spent on unknown accounts so that "no such user" takes as long as "wrong password". */
const DUMMY_HASH = hashPassword('not-a-real-password');
export async function spendVerifyTime(password: string): Promise<void> {
  await verify(await DUMMY_HASH, password).catch(() => false);
}

/**
 * "Not an easily guessed one" (spec §5), by the contract's rule (password-rating.ts), the one the storefront's and
 * back office's meters rate with: zxcvbn with its common passwords, and the account's own email and phone.
 */
export function isEasilyGuessed(password: string, userInputs: string[] = []): Promise<boolean> {
  return isPasswordRefused(password, userInputs);
}
