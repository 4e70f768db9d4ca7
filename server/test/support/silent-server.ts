import net from "node:net";

/** A "mail server" that accepts TCP and never says a word (docs/decisions/012-engine-throughput-and-notices.md). */
export async function silentServer(): Promise<{ url: string; held: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("error", () => {});
    s.once("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `smtp://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    held: () => sockets.size,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
