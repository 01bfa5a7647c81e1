import net from 'node:net';

export interface WebSocketProxy {
  port: number;
  /** Connections made through it so far. */
  connections(): number;
  /** Of those, the WebSockets (refused ones included). */
  webSockets(): number;
  /**
   * Every WebSocket open now goes silent both ways and stays open: a half-open socket, as a laptop
   * has after it slept or a phone after it changed networks. Plain HTTP and new connections pass.
   */
  stallWebSockets(): void;
  /** From now on, cut every new WebSocket at once, as a proxy set up without WebSocket support does. */
  refuseWebSockets(refuse: boolean): void;
  close(): Promise<void>;
}

const WEBSOCKET_UPGRADE = /^GET [^\r\n]*\r\n[\s\S]*^upgrade:\s*websocket/im;

/**
 * A TCP proxy on loopback to `target`, for tests of what a client does when its live socket dies
 * silently or never gets through. Plain HTTP always passes.
 */
export async function startWebSocketProxy(target: { host: string; port: number }, listenPort = 0): Promise<WebSocketProxy> {
  const open = new Set<{ client: net.Socket; upstream: net.Socket; stalled: boolean; webSocket: boolean }>();
  let made = 0;
  let webSockets = 0;
  let refusing = false;
  const server = net.createServer((client) => {
    made++;
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream, stalled: false, webSocket: false };
    open.add(pair);
    // Before the forwarding below: a refused upgrade must not reach the server.
    client.once('data', (data) => {
      pair.webSocket = WEBSOCKET_UPGRADE.test(data.toString('latin1'));
      if (!pair.webSocket) return;
      webSockets++;
      if (!refusing) return;
      pair.stalled = true;
      client.destroy();
      upstream.destroy();
      open.delete(pair);
    });
    client.on('data', (data) => void (pair.stalled || upstream.write(data)));
    upstream.on('data', (data) => void (pair.stalled || client.write(data)));
    // A stalled pair tells neither side of the other's end: that is what half-open means.
    const end = (other: net.Socket) => {
      if (pair.stalled) return;
      other.destroy();
      open.delete(pair);
    };
    client.on('close', () => end(upstream));
    upstream.on('close', () => end(client));
    client.on('error', () => {});
    upstream.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => made,
    webSockets: () => webSockets,
    stallWebSockets() {
      for (const pair of open) pair.stalled ||= pair.webSocket;
    },
    refuseWebSockets(refuse) {
      refusing = refuse;
    },
    async close() {
      for (const { client, upstream } of open) {
        client.destroy();
        upstream.destroy();
      }
      open.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
