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

export const hashPassword = (plain: string) => hashPool.run(() => argon2.hash(plain, { type: argon2.argon2id }));

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
