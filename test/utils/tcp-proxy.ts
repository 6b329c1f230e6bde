import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a server (PostgreSQL), so a test can make that server unreachable and bring it
 * back without touching it: `down()` drops every connection and refuses new ones (a server gone away),
 * `hang()` accepts connections and forwards nothing (a server or network that stops answering), `freeze()` also
 * stops what open connections carry without closing them, `up()` forwards new connections again on the same port.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private forwarding = true;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {
    server.on('connection', (client) => this.accept(client));
  }

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('the proxy has no port');
    return new TcpProxy(server, address.port, target);
  }

  private accept(client: Socket): void {
    this.track(client);
    if (!this.forwarding) return; // held open, never answered
    const upstream = createConnection(this.target);
    this.track(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async down(): Promise<void> {
    const closed = new Promise((resolve) => this.server.close(resolve));
    this.dropAll();
    await closed;
  }

  hang(): void {
    this.forwarding = false;
    this.dropAll();
  }

  /** The network lost without a word: open connections stay open and carry nothing; new ones hang. */
  freeze(): void {
    this.forwarding = false;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  async up(): Promise<void> {
    this.forwarding = true;
    if (!this.server.listening) {
      this.server.listen(this.port, '127.0.0.1');
      await once(this.server, 'listening');
    }
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.down();
    this.dropAll();
  }
}
