// A webhook receiver that answers at once, in its own process so it does not share the CPU
// budget of the process being measured.
import http from "node:http";

const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("ok"));
});
server.keepAliveTimeout = 30_000;
server.listen(0, "127.0.0.1", () => process.send?.(server.address().port));
