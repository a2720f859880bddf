export const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
type Fields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, fields?: Fields): void;
}

/** One JSON object per line, so logs can be grepped by reqId and shipped without parsing text. */
/** `base` fields start every line (a cluster worker's id and pid). */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line + "\n"), base: Fields = {}): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const at =
    (lvl: Exclude<LogLevel, "silent">) =>
    (msg: string, fields: Fields = {}) => {
      if (LOG_LEVELS.indexOf(lvl) < threshold) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields }));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

/** An error and its causes, outermost first; bounded, so a cycle of causes ends. */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = error; at !== undefined && at !== null && chain.length < MAX_CAUSES && !chain.includes(at);) {
    chain.push(at);
    at = typeof at === "object" ? (at as { cause?: unknown }).cause : undefined;
  }
  return chain;
}

const own = (error: unknown, key: string): unknown =>
  error !== null && typeof error === "object" && Object.hasOwn(error, key) ? (error as Record<string, unknown>)[key] : undefined;

/**
 * The kind of a database or driver error, or undefined for any other: Drizzle's
 * DrizzleQueryError (its message holds the query and its bound values), node-postgres' and
 * PGlite's protocol errors (a SQLSTATE `code` with a `severity`; their message and `detail` may
 * quote a value, e.g. `Key (email)=(…) already exists`), and any error carrying a query or its
 * parameters. Told by shape as well as by class name: PGlite's classes are minified.
 */
function databaseKind(error: unknown): string | undefined {
  if (error === null || typeof error !== "object") return undefined;
  const className = (error as { constructor?: { name?: unknown } }).constructor?.name;
  const name = (error as { name?: unknown }).name;
  if (className === "DrizzleQueryError" || name === "DrizzleQueryError") return "DrizzleQueryError";
  const code = own(error, "code");
  if (typeof code === "string" && SQLSTATE.test(code) && own(error, "severity") !== undefined) return "DatabaseError";
  if (className === "DatabaseError" || name === "DatabaseError") return "DatabaseError";
  if (["query", "params", "parameters", "internalQuery"].some((key) => own(error, key) !== undefined)) return "DatabaseError";
  return undefined;
}

/** Only the stack's frames: the header, which repeats the message (however many lines), goes. */
function framesOf(error: unknown): string | undefined {
  const stack = error !== null && typeof error === "object" ? (error as { stack?: unknown }).stack : undefined;
  if (typeof stack !== "string") return undefined;
  const message = (error as { message?: unknown }).message;
  const at = typeof message === "string" && message !== "" ? stack.indexOf(message) : -1;
  const rest = at >= 0 ? stack.slice(at + (message as string).length) : stack;
  const frames = rest.split("\n").filter((line) => /^\s+at\s/.test(line));
  return frames.length > 0 ? frames.join("\n") : undefined;
}

/** A database error for the log: its kind, SQLSTATE and stack frames — never its message, query, parameters or detail. */
function databaseFields(chain: unknown[]): Fields {
  const fields = chain.map((error) => {
    const code = own(error, "code");
    const frames = framesOf(error);
    return {
      kind: databaseKind(error) ?? (error instanceof Error ? error.constructor.name || error.name : typeof error),
      ...(typeof code === "string" && SQLSTATE.test(code) ? { code } : {}),
      ...(frames ? { stack: frames } : {}),
    };
  });
  const [outer, ...causes] = fields;
  const code = fields.find((entry) => "code" in entry)?.code;
  return {
    name: outer!.kind,
    database: true,
    ...(code ? { code } : {}),
    ...(outer!.stack ? { stack: outer!.stack } : {}),
    ...(causes.length > 0 ? { causes } : {}),
  };
}

/**
 * Turns anything thrown into loggable fields; the stack goes to the log, never to the client.
 * A database or driver error — itself or any of its causes — is logged without any message:
 * those quote the query, its bound values (password hashes, token hashes, e-mail addresses) or
 * the rows they clash with. Other errors keep their plain message.
 */
export function errorFields(error: unknown): Fields {
  const chain = causeChain(error);
  if (chain.some((entry) => databaseKind(entry) !== undefined)) return { err: databaseFields(chain) };
  if (error instanceof Error) return { err: { name: error.name, message: error.message, stack: error.stack } };
  return { err: { value: String(error) } };
}
