import { resolve } from "node:path";

// The real entry point (src/server/index.ts) in its own OS process, as production runs it: tests
// that need "the process is still alive", an exit code, or two processes on one resource use it.
// Everything the child prints is kept (stdout and stderr, drained so it never blocks on a pipe).

const ENTRY = resolve(import.meta.dir, "../../index.ts");
const READY = /running at http:\/\/localhost:(\d+)/;

export type ChildServer = {
  child: Bun.Subprocess<"ignore", "pipe", "pipe">;
  /** Everything printed so far, stdout and stderr interleaved by arrival. */
  output(): string;
  /** Resolves with the origin once the server listens; rejects if it exits first. */
  ready: Promise<string>;
  /** The exit code, once the process has ended. */
  exited: Promise<number>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number>;
};

/**
 * Starts the server with `env` on top of this process's environment, on a free port unless
 * PORT is given. TEST_DATABASE_URL never leaks into the child: it reads DATABASE_URL or DATA_DIR.
 */
export function spawnServer(env: Record<string, string | undefined>): ChildServer {
  const merged: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete merged.TEST_DATABASE_URL;
  delete merged.DATABASE_URL;
  for (const [k, v] of Object.entries({ PORT: "0", NODE_ENV: "test", RATE_LIMIT_SCALE: "1000", ...env })) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  const child = Bun.spawn(["bun", ENTRY], { env: merged, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  let text = "";
  let onText: (() => void) | undefined;
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      onText?.();
    }
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]).catch(() => {});
  const exited = child.exited.then(async (code) => {
    await drained;
    return code;
  });
  const ready = new Promise<string>((resolveReady, reject) => {
    const check = () => {
      const port = text.match(READY)?.[1];
      if (port) {
        onText = undefined;
        resolveReady(`http://127.0.0.1:${port}`);
      }
    };
    onText = check;
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${text}`)));
  });
  ready.catch(() => {});
  return {
    child,
    output: () => text,
    ready,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
