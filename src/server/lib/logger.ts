// One JSON line per event: easy to grep here and to ship to any log store later.
type Fields = Record<string, unknown>;
const quiet = process.env.NODE_ENV === "test" && !process.env.LOG_IN_TESTS;

function write(level: "info" | "warn" | "error", msg: string, fields?: Fields) {
  if (quiet && level !== "error") return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

export const logger = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};
