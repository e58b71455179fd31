import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// Debian's nginx running the shipped deploy/nginx.conf, for tests: its own prefix directory, its
// own free loopback ports, never the system service. Only what differs between a container and
// this machine is templated (addresses, ports, file paths); each substitution must match exactly
// once, so a change to the shipped file that the test no longer covers fails loudly.

export const SHIPPED_CONFIG = resolve(import.meta.dir, "../../../../deploy/nginx.conf");
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find(existsSync) ?? "nginx";

export type Nginx = {
  /** http://127.0.0.1:port and https://127.0.0.1:port (a self-signed certificate for 127.0.0.1). */
  http: string;
  https: string;
  /** The access log so far (deploy/nginx.conf's `birdie` format). */
  accessLog(): string;
  output(): string;
  stop(): Promise<void>;
};

/** A port nothing listens on right now (the OS picks it; closed again at once). */
export function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

function replaceOnce(text: string, pattern: RegExp, replacement: string | ((...m: string[]) => string)): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`));
  if (matches?.length !== 1) {
    throw new Error(`deploy/nginx.conf: expected one match of ${pattern}, found ${matches?.length ?? 0}`);
  }
  return text.replace(pattern, replacement as never);
}

/** deploy/nginx.conf with its upstream, ports and paths made local. */
export function localConfig(
  shipped: string,
  opts: { upstreams: string[]; httpPort: number; httpsPort: number; dir: string },
) {
  const { dir } = opts;
  let conf = shipped;
  conf = replaceOnce(conf, /^(\s*)server app:3000( [^;\n]*)?;$/m, (_all, indent, params = "") =>
    opts.upstreams.map((u) => `${indent}server ${u}${params};`).join("\n"),
  );
  conf = replaceOnce(conf, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${opts.httpPort};`);
  conf = replaceOnce(
    conf,
    /^(\s*)listen 443 ssl( http2)?;$/m,
    (_all, indent, http2 = "") => `${indent}listen 127.0.0.1:${opts.httpsPort} ssl${http2};`,
  );
  conf = replaceOnce(conf, /^(\s*)ssl_certificate \S+;$/m, `$1ssl_certificate ${join(dir, "cert.pem")};`);
  conf = replaceOnce(conf, /^(\s*)ssl_certificate_key \S+;$/m, `$1ssl_certificate_key ${join(dir, "key.pem")};`);
  conf = replaceOnce(conf, /^pid \S+;$/m, `pid ${join(dir, "nginx.pid")};`);
  conf = replaceOnce(conf, /^(\s*)access_log \S+ birdie;$/m, `$1access_log ${join(dir, "access.log")} birdie;`);
  // Debian's build keeps its temporary files under /var/lib/nginx: these go in our directory.
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `    ${kind}_temp_path ${join(dir, "temp", kind)};`)
    .join("\n");
  conf = replaceOnce(conf, /^http \{$/m, `http {\n${temp}`);
  return conf;
}

/** nginx on `ports` (free ones when not given) in front of `upstreams` (host:port each). */
export async function startNginx(
  upstreams: string[],
  ports: { http: number; https: number } = { http: freePort(), https: freePort() },
): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), "birdie-nginx-"));
  // Workers run as nobody when the master is root: they must reach the temp directories.
  chmodSync(dir, 0o755);
  for (const kind of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    mkdirSync(join(dir, "temp", kind), { recursive: true });
    chmodSync(join(dir, "temp", kind), 0o777);
  }
  const openssl = Bun.spawnSync(
    [
      "openssl",
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  if (openssl.exitCode !== 0) throw new Error(`openssl failed: ${openssl.stderr.toString()}`);

  const { http: httpPort, https: httpsPort } = ports;
  const conf = localConfig(readFileSync(SHIPPED_CONFIG, "utf8"), { upstreams, httpPort, httpsPort, dir });
  const confPath = join(dir, "nginx.conf");
  writeFileSync(confPath, conf);
  writeFileSync(join(dir, "access.log"), "");

  const test = Bun.spawnSync([NGINX, "-t", "-p", dir, "-c", confPath, "-e", "stderr"], { stderr: "pipe" });
  if (test.exitCode !== 0) throw new Error(`nginx -t refused the config:\n${test.stderr.toString()}\n${conf}`);

  // In the foreground, so the test owns the master process and stops it by its pid.
  const child = Bun.spawn([NGINX, "-p", dir, "-c", confPath, "-e", "stderr", "-g", "daemon off;"], {
    stdout: "pipe",
    stderr: "pipe",
  });
  let text = "";
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    const reader = stream.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  };
  void drain(child.stdout);
  void drain(child.stderr);

  const http = `http://127.0.0.1:${httpPort}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${text}`);
    const up = await fetch(`${http}/api/health/live`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 10_000) throw new Error(`nginx did not answer within 10 s:\n${text}`);
    await Bun.sleep(50);
  }

  return {
    http,
    https: `https://127.0.0.1:${httpsPort}`,
    accessLog: () => readFileSync(join(dir, "access.log"), "utf8"),
    output: () => text,
    stop: async () => {
      // SIGQUIT: graceful shutdown of the master and its workers.
      if (child.exitCode === null) child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await child.exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
