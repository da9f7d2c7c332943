// A TCP proxy in front of PostgreSQL that can fall silent the way a network does: bytes stop
// flowing, but no connection is closed or refused, so only a deadline can tell, and neither end of a
// silenced connection hears that the other closed it.
import net from "node:net";

export interface SilentProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  url: string;
  /** Stops forwarding on every connection open now, both ways (a firewall that forgot them); new ones work. */
  silenceOpenConnections(): void;
  /** Stops forwarding everything, new connections included (a partition: connects are accepted and never answered). */
  silenceEverything(): void;
  /** Ends the partition for new connections; the ones it silenced stay silent (what they lost cannot be resent). */
  heal(): void;
  /** Connections made to the proxy so far. */
  connectionsMade(): number;
  close(): Promise<void>;
}

export async function startSilentProxy(databaseUrl: string): Promise<SilentProxy> {
  const target = new URL(databaseUrl);
  const pairs = new Set<{ silent: boolean; sockets: net.Socket[] }>();
  let everything = false;
  let made = 0;
  const server = net.createServer((inbound) => {
    made++;
    const pair = { silent: everything, sockets: [inbound] as net.Socket[] };
    pairs.add(pair);
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    pair.sockets.push(outbound);
    const forward = (from: net.Socket, to: net.Socket) => from.on("data", (chunk) => void (pair.silent || to.write(chunk)));
    forward(inbound, outbound);
    forward(outbound, inbound);
    // A close is passed on like any byte: not through a silenced connection, whose other end never hears of it.
    for (const socket of pair.sockets)
      socket.on("error", () => undefined).on("close", () => {
        if (pair.silent) return;
        pairs.delete(pair);
        for (const s of pair.sockets) s.destroy();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.href,
    silenceOpenConnections() {
      for (const pair of pairs) pair.silent = true;
    },
    silenceEverything() {
      everything = true;
      for (const pair of pairs) pair.silent = true;
    },
    heal() {
      everything = false;
    },
    connectionsMade: () => made,
    async close() {
      for (const pair of pairs) for (const socket of pair.sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
