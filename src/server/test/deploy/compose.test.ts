import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

// No Docker engine runs where this repository is tested, so deploy/compose.yaml is checked here
// for what can be checked without one: it parses, and it wires the parts this suite tests
// elsewhere (the nginx config nginx.pg-test.ts runs, the readiness route, the migrate script).

const ROOT = resolve(import.meta.dir, "../../../..");
const compose = Bun.YAML.parse(readFileSync(join(ROOT, "deploy", "compose.yaml"), "utf8")) as any;
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

test("PostgreSQL 16 with a volume and a health check", () => {
  const pg = compose.services.postgres;
  expect(pg.image).toBe("postgres:16");
  expect(pg.volumes).toContain("pgdata:/var/lib/postgresql/data");
  expect(Object.keys(compose.volumes)).toContain("pgdata");
  expect(pg.healthcheck.test.join(" ")).toContain("pg_isready");
});

test("a one-shot migrate step from the same image runs a script package.json has, before any replica", () => {
  const { migrate, app } = compose.services;
  expect(migrate.image).toBe(app.image);
  expect(migrate.build).toEqual({ context: "..", dockerfile: "Dockerfile" });
  const [bun, run, script] = migrate.command;
  expect([bun, run]).toEqual(["bun", "run"]);
  expect(pkg.scripts[script]).toBe("bun src/server/cli/migrate.ts");
  expect(app.depends_on.migrate.condition).toBe("service_completed_successfully");
  expect(migrate.depends_on.postgres.condition).toBe("service_healthy");
});

test("N app replicas behind the proxy only, ready by /api/health/ready, trusting the proxy", () => {
  const { app } = compose.services;
  expect(app.deploy.replicas).toMatch(/^\$\{APP_REPLICAS:-\d+\}$/);
  expect(app.ports).toBeUndefined();
  expect(app.environment.TRUST_PROXY).toBe("true");
  expect(app.environment.DATABASE_URL).toStartWith("postgres://");
  expect(app.healthcheck.test.join(" ")).toContain("/api/health/ready");
});

test("nginx runs deploy/nginx.conf, the file nginx.pg-test.ts tests, and waits for healthy replicas", () => {
  const { nginx } = compose.services;
  expect(nginx.volumes).toContain("./nginx.conf:/etc/nginx/nginx.conf:ro");
  expect(nginx.depends_on.app.condition).toBe("service_healthy");
  // The upstream the config names is the compose service.
  expect(readFileSync(join(ROOT, "deploy", "nginx.conf"), "utf8")).toMatch(/^\s*server app:3000 /m);
});

test("the image's own health check asks for readiness", () => {
  expect(readFileSync(join(ROOT, "Dockerfile"), "utf8")).toMatch(/HEALTHCHECK[\s\S]*\/api\/health\/ready/);
});
