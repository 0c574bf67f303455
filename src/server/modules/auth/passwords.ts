import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import { createPool } from '../../lib/pool';

/**
 * Two lanes, each bounded: new hashes (registration, user creation, reset) get about half of the
 * CPUs, verifications (login) their own lane, so a burst of registrations queues behind itself
 * instead of stalling logins.
 */
const cpus = Math.max(1, availableParallelism());
export const hashPool = createPool(Math.max(1, Math.floor(cpus / 2)));
export const verifyPool = createPool(Math.max(1, cpus));

/**
 * argon2id at the library's defaults (64 MiB, 3 passes). Under the test runner (Vitest sets VITEST, and the
 * servers a test starts inherit it) at argon2's smallest cost instead: the suites create and sign in
 * hundreds of users, each hash taking 0,1–0,4 s here. The algorithm and the code path are the same, and
 * a hash carries its own parameters, so either kind verifies anywhere.
 */
export const hashOptions: argon2.Options = process.env.VITEST ? { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } : { type: argon2.argon2id };

export const hashPassword = (plain: string) => hashPool.run(() => argon2.hash(plain, hashOptions));

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await verifyPool.run(() => argon2.verify(hash, plain));
  } catch {
    return false;
  }
}

/** Verified against when the user does not exist, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword('timing-equaliser-password'));
