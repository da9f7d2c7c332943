import http from "node:http";
import type { AddressInfo } from "node:net";

type Reply = number | "hang" | "reset";

export interface ReceivedWebhook {
  body: string;
  signature: string | undefined;
  at: number;
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests. `answer` decides each response: a status,
 * "hang" to never answer (a timeout for the sender), or "reset" to cut the connection unanswered;
 * a promise of one answers once the test has done what it does first.
 */
export async function startReceiver(answer: (n: number, body: string) => Reply | Promise<Reply> = () => 200) {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ body, signature: req.headers["x-service-signature"] as string | undefined, at: Date.now() });
      void Promise.resolve(answer(received.length, body)).then((reply) => {
        if (reply === "hang") {
          hanging.add(res);
          return;
        }
        if (reply === "reset") {
          req.socket.resetAndDestroy();
          return;
        }
        res.writeHead(reply, { "content-type": "text/plain" }).end(reply < 300 ? "ok" : "nope");
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
