// A question to the database on a connection of its own, when the pool's may be broken or busy.
import pg from "pg";

/** Connects with `connection`, runs `ask`, and ends the connection; connecting and each query get `deadlineMs`. */
export async function onConnectionOfItsOwn<T>(connection: pg.ClientConfig, deadlineMs: number, ask: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...connection, connectionTimeoutMillis: deadlineMs, query_timeout: deadlineMs });
  client.on("error", () => undefined); // a connection that breaks fails its statement; unheard, it would end the process
  try {
    await client.connect();
    return await ask(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
