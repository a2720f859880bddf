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
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line + "\n")): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const at =
    (lvl: Exclude<LogLevel, "silent">) =>
    (msg: string, fields: Fields = {}) => {
      if (LOG_LEVELS.indexOf(lvl) < threshold) return;
      write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** Turns anything thrown into loggable fields; the stack goes to the log, never to the client. */
export function errorFields(error: unknown): Fields {
  if (error instanceof Error) return { err: { name: error.name, message: error.message, stack: error.stack } };
  return { err: { value: String(error) } };
}
