import net from 'node:net';

export interface TcpProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A load balancer for tests, as nginx does it with `proxy_next_upstream`: each connection goes to the
 * next backend in turn, and to the one after when that one refuses (stopped, or restarting). Works at
 * the TCP level, so HTTP, keep-alive and WebSocket upgrades pass as they are.
 */
export async function startTcpProxy(backends: () => number[]): Promise<TcpProxy> {
  let turn = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.pause();
    const ports = backends();
    const start = turn++;
    const attempt = (tried: number) => {
      if (tried >= ports.length) return void client.destroy();
      const upstream = net.connect(ports[(start + tried) % ports.length]!, '127.0.0.1');
      let connected = false;
      upstream.on('error', () => {
        if (!connected && !client.destroyed) attempt(tried + 1);
      });
      upstream.once('connect', () => {
        connected = true;
        open.add(upstream);
        upstream.once('close', () => {
          open.delete(upstream);
          // Ended cleanly, the pipe ends the client after what is left; killed, the client is cut too.
          if (!client.writableEnded) client.destroy();
        });
        client.on('error', () => upstream.destroy());
        client.once('close', () => {
          if (!upstream.writableEnded) upstream.destroy();
        });
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
