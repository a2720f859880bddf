import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { normalizePassword } from "../../../contract/index.ts";
import { SCRYPT } from "./limits.ts";

/** The seam tests use to count hash work; the app uses scryptHasher. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** True when a hash was made with other parameters than this hasher's: rehash it at the next login. */
  needsRehash(stored: string): boolean;
  /** The cost new hashes are made with: an unknown account's check costs the same (checkPassword). */
  cost: ScryptCost;
}

/** The cost a hasher makes new hashes with (salt and key sizes stay the policy's). */
export type ScryptCost = Pick<Phc, "logN" | "r" | "p">;

interface Phc {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/;

const b64 = (bytes: Buffer) => bytes.toString("base64").replace(/=+$/, "");

function derive(password: string, salt: Buffer, { logN, r, p }: Omit<Phc, "salt" | "key">, keyBytes: number): Promise<Buffer> {
  // 128 * N * r bytes of working memory, plus headroom: Node refuses work above maxmem.
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: Math.max(SCRYPT.maxmem, 2 * 128 * 2 ** logN * r) };
  // The whole NFKC string is hashed: no truncation, so every character of a long password counts.
  return new Promise((done, fail) => scrypt(normalizePassword(password), salt, keyBytes, options, (error, key) => (error ? fail(error) : done(key))));
}

async function hashWith(password: string, { logN, r, p }: ScryptCost): Promise<string> {
  const salt = randomBytes(SCRYPT.saltBytes);
  const key = await derive(password, salt, { logN, r, p }, SCRYPT.keyBytes);
  return `$scrypt$ln=${logN},r=${r},p=${p}$${b64(salt)}$${b64(key)}`;
}

/** `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (PHC string format, base64 without padding). */
export const hashPassword = (password: string): Promise<string> => hashWith(password, SCRYPT);

export function parsePhc(stored: string): Phc | null {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [logN, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  // Bounds keep a damaged or hostile row from asking for gigabytes or minutes of work.
  if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const [salt, key] = [Buffer.from(match[4]!, "base64"), Buffer.from(match[5]!, "base64")];
  // A short key would match any password whose hash starts the same: 16 bytes at least.
  if (salt.length < 8 || key.length < 16 || key.length > 64) return null;
  return { logN, r, p, salt, key };
}

/** Reads the cost from the stored string, so hashes made under an older policy still verify. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const phc = parsePhc(stored);
  if (!phc) return false;
  const key = await derive(password, phc.salt, phc, phc.key.length);
  return timingSafeEqual(key, phc.key);
}

function outdated(stored: string, cost: ScryptCost): boolean {
  const phc = parsePhc(stored);
  return !phc || phc.logN !== cost.logN || phc.r !== cost.r || phc.p !== cost.p || phc.key.length !== SCRYPT.keyBytes;
}

/** True when a hash was made with other parameters than today's: rehash it at the next login. */
export const needsRehash = (stored: string): boolean => outdated(stored, SCRYPT);

/**
 * A hasher making new hashes at `cost`. The app always uses the policy's (scryptHasher); the
 * server tests use a cheap one (2^10) so that hundreds of sign-ups and logins stay fast, on the
 * same code path: the cost is read back from each stored string.
 */
export function scryptHasherWith(cost: ScryptCost): PasswordHasher {
  return { hash: (password) => hashWith(password, cost), verify: verifyPassword, needsRehash: (stored) => outdated(stored, cost), cost };
}

export const scryptHasher: PasswordHasher = scryptHasherWith(SCRYPT);

/** Per cost, the hash of a random password that unknown accounts are checked against. */
const dummies = new Map<string, Promise<string>>();

/**
 * Checks a password against an account's hash, or, when there is none (unknown e-mail, account
 * made by code only), against a dummy hash of the same cost: both cases take one scrypt.
 */
export async function checkPassword(hasher: PasswordHasher, password: string, stored: string | null | undefined): Promise<boolean> {
  if (stored) return hasher.verify(password, stored);
  const key = `${hasher.cost.logN},${hasher.cost.r},${hasher.cost.p}`;
  if (!dummies.has(key)) dummies.set(key, hashWith(randomBytes(32).toString("base64url"), hasher.cost));
  await hasher.verify(password, await dummies.get(key)!);
  return false;
}
