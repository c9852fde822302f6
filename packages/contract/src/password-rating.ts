import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH, type PasswordStrength } from './field-checks.ts';

/*
 * The one rule for a new password, used by the server that refuses it and by the meters that rate it while it is
 * typed, so the meter never calls "medium" what the server then refuses. "Not an easily guessed one" (spec §5):
 * zxcvbn with its list of common passwords, names and keyboard patterns, plus the shopper's own email and phone.
 *
 * The dictionaries weigh several hundred kilobytes: browsers load this module lazily, only on the pages with a new
 * password (`import('@shop/contract/password-rating')`); the contract's index never exports it.
 */

/** zxcvbn scores 0–4: below "somewhat guessable" (2) is refused; "safely unguessable" (3) and up is strong. */
const REFUSED_BELOW = 2;
const STRONG_FROM = 3;

const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/**
 * The verdict on a new password: `tooShort` and `weak` are refused, `medium` and `strong` accepted. `userInputs`
 * are the account's own words (email, phone), which a password must not lean on.
 */
export async function ratePassword(password: string, userInputs: string[] = []): Promise<PasswordStrength> {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  const { score } = await zxcvbn.checkAsync(
    password,
    userInputs.filter((input) => input !== ''),
  );
  if (score < REFUSED_BELOW) return 'weak';
  return score < STRONG_FROM ? 'medium' : 'strong';
}

/** Whether the server refuses this password (the meter shows "too short" or "too easy to guess" for it). */
export async function isPasswordRefused(password: string, userInputs: string[] = []): Promise<boolean> {
  const verdict = await ratePassword(password, userInputs);
  return verdict === 'tooShort' || verdict === 'weak';
}
