// Baseline for a no-database route: a bare node:http server answering the same JSON the service
// answers to an unauthenticated request, with the same headers' weight.
import http from "node:http";

const body = process.argv[2] ?? "{}";
const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(401, { "content-type": "application/json", "x-request-id": "01a2b3c4-0000-7000-8000-000000000000" }).end(body);
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
