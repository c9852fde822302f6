import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id baseline (m=19 MiB, t=2, p=1): 15–19 ms of CPU a hash on these 2-core machines. */
// `algorithm: 2` is Argon2id (the package's enum is const, which isolated modules cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Spent on unknown accounts so that "no such user" takes as long as "wrong password". */
const DUMMY_HASH = hashPassword('not-a-real-password');
export async function spendVerifyTime(password: string): Promise<void> {
  await verifyPassword(await DUMMY_HASH, password);
}

/**
 * "Not an easily guessed one" (spec §5): refused when zxcvbn, with its list of common passwords, rates it
 * below "somewhat guessable" (score 2), or when it contains the shopper's own email name or phone.
 */
export async function isEasilyGuessed(password: string, userInputs: string[] = []): Promise<boolean> {
  const result = await strength.checkAsync(password, userInputs);
  return result.score < 2;
}
