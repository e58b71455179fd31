// The ceiling: a bare Bun.serve hello-world on this machine (spawned by bench/load.ts).
const server = Bun.serve({ port: 0, fetch: () => new Response("Hello, world!") });
console.log(`READY ${server.port}`);
process.on("SIGTERM", () => {
  server.stop(true);
  process.exit(0);
});
