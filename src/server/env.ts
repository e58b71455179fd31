import { z } from "zod";

// Configuration is read once at start-up; a bad value stops the process with a list of every
// problem, rather than failing later in some request.
function optionalBase64Url(bytes: number, what: string) {
  return z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, "base64url").length === bytes,
      `must be ${what}, base64url`,
    )
    .optional()
    .or(z.literal("").transform(() => undefined));
}

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * PostgreSQL connections per process. Default: two per CPU core (at least 4), the PostgreSQL
     * wiki's rule; more connections than cores only queue inside the database (see ADR 0011).
     */
    DATABASE_POOL_MAX: z.coerce
      .number()
      .int()
      .min(1)
      .max(200)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * Background jobs this process runs at once (ADR 0049). Default: half the request pool, at
     * least 1, so jobs never hold every connection. 0: this process serves requests only and
     * leaves the queue to processes that run jobs. Blank is tried first: coerced, "" would be 0
     * and silently turn the jobs off.
     */
    JOB_CONCURRENCY: z
      .literal("")
      .transform(() => undefined)
      .or(z.coerce.number().int().min(0).max(64))
      .optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    PUBLIC_ORIGIN: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return [] as string[];
        const origins = v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        for (const o of origins) {
          try {
            const u = new URL(o);
            if (u.origin !== o.replace(/\/$/, "")) throw new Error();
          } catch {
            ctx.addIssue({ code: "custom", message: `"${o}" is not an origin like https://example.com` });
          }
        }
        return origins.map((o) => o.replace(/\/$/, ""));
      }),
    ADMIN_USERNAMES: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(",")
              .map((s) => s.trim().toLowerCase())
              .filter(Boolean)
          : [],
      ),
    AD_AFFILIATE_URL: z
      .string()
      .trim()
      .url("must be an absolute URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    STATIC_DIR: z.string().default("./dist/client"),
    /** Trust X-Forwarded-For / X-Forwarded-Proto (only behind a proxy you run). */
    TRUST_PROXY: z
      .enum(["0", "1", "true", "false", ""])
      .optional()
      .transform((v) => v === "1" || v === "true"),
    /** Bearer token a Prometheus scraper sends for /metrics; unset: /metrics answers 404 (ADR 0025). */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, "must be at least 16 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /**
     * Where mail goes out (ADR 0034): smtp://user:pass@host:587 (STARTTLS when offered) or
     * smtps://user:pass@host:465. Unset: the server sends no mail and says so where mail would go.
     */
    SMTP_URL: z
      .string()
      .trim()
      .regex(/^smtps?:\/\/[^/\s]+/, "must be an smtp:// or smtps:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** The From of every mail, e.g. "Birdie Challenge <no-reply@birdie.example>". */
    MAIL_FROM: z
      .string()
      .trim()
      .max(254)
      .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, "must be an address like Birdie Challenge <no-reply@example.com>")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Multiplies the sign-in/sign-up rate limits; tests and benchmarks raise it. */
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    /**
     * Web Push VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them); both or
     * neither. Unset: a pair is generated once and kept in the database (ADR 0038).
     */
    VAPID_PUBLIC_KEY: optionalBase64Url(65, "an uncompressed P-256 public key (65 bytes)"),
    VAPID_PRIVATE_KEY: optionalBase64Url(32, "a P-256 private key (32 bytes)"),
    /** Contact for push services: a mailto: or https: URL (RFC 8292). Unset: PUBLIC_ORIGIN's first https origin. */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https: URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Tests only: lets push subscriptions use http://127.0.0.1 endpoints (a local push-service stand-in). */
    PUSH_ALLOW_HTTP_LOOPBACK: z
      .enum(["0", "1", "true", "false", ""])
      .optional()
      .transform((v) => v === "1" || v === "true"),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "set both VAPID keys or neither" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}
