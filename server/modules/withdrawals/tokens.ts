// The secrets of e-mailed links and codes: random, sent once, stored only as SHA-256 hashes, never logged.
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_LENGTH } from "../../../contract/index.ts";

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");
export const newCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
/** A code's hash, salted with its withdrawal's id so equal codes hash differently. */
export const codeDigest = (withdrawalId: string, code: string) => sha256(`${withdrawalId}:${code}`);
export const sameDigest = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** A token as a link carries it: 43 characters of base64url. */
export const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
