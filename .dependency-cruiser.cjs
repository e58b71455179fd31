/** Dependency boundaries (issue 14, ADR 0027). Run by the test command: `bun run deps:check`. */
module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", comment: "No import cycles anywhere.", from: {}, to: { circular: true } },
    {
      name: "server-feature-boundaries",
      severity: "error",
      comment:
        "A server feature reaches another only through its access.ts, queries.ts or public.ts, never its service.",
      from: { path: "^src/server/features/([^/]+)/", pathNot: "\\.(test|pg-test)\\.ts$" },
      to: {
        path: "^src/server/features/([^/]+)/",
        pathNot: ["^src/server/features/$1/", "^src/server/features/[^/]+/(access|queries|public)\\.ts$"],
      },
    },
    {
      name: "client-feature-boundaries",
      severity: "error",
      comment: "A client feature reaches another only through its public.ts.",
      from: { path: "^src/client/features/([^/]+)/", pathNot: "\\.test\\.tsx?$" },
      to: {
        path: "^src/client/features/([^/]+)/",
        pathNot: ["^src/client/features/$1/", "^src/client/features/[^/]+/public\\.ts$"],
      },
    },
    {
      name: "shared-stands-alone",
      severity: "error",
      comment: "src/shared is used by both sides and imports neither.",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|client)/" },
    },
    {
      name: "client-not-server",
      severity: "error",
      comment: "The client imports server code only as types (the tRPC AppRouter).",
      from: { path: "^src/client/" },
      to: { path: "^src/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-not-client",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/client/" },
    },
    {
      name: "no-test-code-in-production",
      severity: "error",
      comment: "Production modules never import test helpers or tests (they stay out of the image).",
      from: { path: "^src/", pathNot: ["^src/server/test/", "\\.(test|pg-test)\\.tsx?$"] },
      to: { path: ["^src/server/test/", "\\.(test|pg-test)\\.tsx?$"] },
    },
    {
      name: "infrastructure-below-features",
      severity: "error",
      comment: "lib, db, http, auth and jobs sit below the features and never import them.",
      from: { path: "^src/server/(lib|db|http|auth|jobs)/", pathNot: "\\.(test|pg-test)\\.ts$" },
      to: { path: "^src/server/features/" },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    includeOnly: "^src/",
  },
};
