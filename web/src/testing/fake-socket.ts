import type { RealtimeSocket } from "@/lib/realtime/realtime-client";

/** A WebSocket the test drives: `open()`, `receive(message)`, `serverClose(code)`; `sent` holds parsed frames. */
export class FakeSocket implements RealtimeSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  onopen: RealtimeSocket["onopen"] = null;
  onmessage: RealtimeSocket["onmessage"] = null;
  onclose: RealtimeSocket["onclose"] = null;
  onerror: RealtimeSocket["onerror"] = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  receive(message: unknown) {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(message) }));
  }
  serverClose(code = 1006) {
    this.readyState = 3;
    this.onerror?.(new Event("error"));
    this.onclose?.(new CloseEvent("close", { code }));
  }
}

/** An openSocket that records every socket it opens. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  const openSocket = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  return { sockets, openSocket, last: () => sockets[sockets.length - 1]! };
}
