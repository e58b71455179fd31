import type { Socket, TCPSocketListener } from "bun";

// A TCP proxy on 127.0.0.1 between the server and PostgreSQL, so a test can break the database
// connection without touching the PostgreSQL service other people use.
//   cut():     every proxied connection is reset and new ones are refused, as when the database
//              stops or restarts (its connections end, its port refuses).
//   freeze():  nothing gets through any more, yet nothing is closed either: a network partition
//              or a frozen host, where queries wait in silence.
//   restore(): connections go through again (after freeze, held bytes are delivered).

type Side = { socket: Socket<Pair> | null; queue: Uint8Array[] };
type Pair = { client: Side; upstream: Side; closed: boolean; dialed: boolean };

export class TcpProxy {
  private listener: TCPSocketListener<Pair> | undefined;
  private pairs = new Set<Pair>();
  private refusing = false;
  private frozen = false;
  /** Connections accepted since start (a test can check that traffic really goes through). */
  accepted = 0;

  constructor(private target: { hostname: string; port: number }) {}

  get port(): number {
    if (!this.listener) throw new Error("proxy not started");
    return this.listener.port;
  }

  /** A copy of `url` (postgres://...) that goes through this proxy. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = "127.0.0.1";
    u.port = String(this.port);
    return u.toString();
  }

  start(): this {
    const proxy = this;
    this.listener = Bun.listen<Pair>({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        open(client) {
          if (proxy.refusing) return void client.terminate();
          proxy.accepted++;
          const pair: Pair = {
            client: { socket: client, queue: [] },
            upstream: { socket: null, queue: [] },
            closed: false,
            dialed: false,
          };
          client.data = pair;
          proxy.pairs.add(pair);
          if (!proxy.frozen) proxy.dial(pair);
        },
        data(client, data) {
          if (client.data) proxy.send(client.data.upstream, new Uint8Array(data));
        },
        drain(client) {
          if (client.data) proxy.flush(client.data.client);
        },
        close(client) {
          if (client.data) proxy.close(client.data);
        },
        error(client) {
          if (client.data) proxy.close(client.data);
        },
      },
    });
    return this;
  }

  private dial(pair: Pair) {
    pair.dialed = true;
    Bun.connect<Pair>({
      hostname: this.target.hostname,
      port: this.target.port,
      data: pair,
      socket: {
        open: (up) => {
          if (pair.closed) return void up.terminate();
          pair.upstream.socket = up;
          this.flush(pair.upstream);
        },
        data: (_up, data) => this.send(pair.client, new Uint8Array(data)),
        drain: () => this.flush(pair.upstream),
        close: () => this.close(pair),
        error: () => this.close(pair),
      },
    }).catch(() => this.close(pair));
  }

  private send(side: Side, data: Uint8Array) {
    side.queue.push(data);
    this.flush(side);
  }

  private flush(side: Side) {
    while (!this.frozen && side.socket && side.queue.length) {
      const data = side.queue[0];
      const wrote = side.socket.write(data);
      if (wrote < data.byteLength) {
        side.queue[0] = data.subarray(Math.max(0, wrote));
        return;
      }
      side.queue.shift();
    }
  }

  private close(pair: Pair) {
    if (pair.closed) return;
    pair.closed = true;
    this.pairs.delete(pair);
    pair.client.socket?.terminate();
    pair.upstream.socket?.terminate();
  }

  /** Resets every connection and refuses new ones until restore(). */
  cut() {
    this.refusing = true;
    this.frozen = false;
    for (const pair of [...this.pairs]) this.close(pair);
  }

  /** Holds every byte in both directions (and new connections) until restore(); closes nothing. */
  freeze() {
    this.frozen = true;
  }

  restore() {
    this.refusing = false;
    this.frozen = false;
    for (const pair of [...this.pairs]) {
      if (!pair.dialed) this.dial(pair);
      this.flush(pair.upstream);
      this.flush(pair.client);
    }
  }

  /** Connections currently piped. */
  get connections(): number {
    return this.pairs.size;
  }

  stop() {
    this.cut();
    this.listener?.stop(true);
    this.listener = undefined;
  }
}
