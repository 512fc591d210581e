// A WebSocket client on a bare TCP socket, for tests of what a browser library hides: a client that stops
// reading (the kernel buffers fill, then the server's), the HTTP answer to a refused upgrade, ping frames.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

/** A frame the server sent. */
export interface Frame {
  readonly opcode: number; // 1 text, 8 close, 9 ping, 10 pong
  readonly payload: Buffer;
}

const OPCODE_TEXT = 1;
const OPCODE_CLOSE = 8;
const OPCODE_PONG = 10;

/** A connection after its upgrade; `status` is the HTTP status of the answer (101 when upgraded). */
export class RawSocket {
  readonly tcp: Socket;
  readonly status: number;
  readonly head: string; // the answer's status line and headers
  readonly frames: Frame[] = [];
  #pending: Buffer;
  #ended = false;

  private constructor(tcp: Socket, status: number, head: string, rest: Buffer) {
    this.tcp = tcp;
    this.status = status;
    this.head = head;
    this.#pending = rest;
    this.#parse();
    tcp.on('data', (chunk: Buffer) => {
      this.#pending = Buffer.concat([this.#pending, chunk]);
      this.#parse();
    });
    tcp.on('close', () => (this.#ended = true));
  }

  /** Opens `url` (ws://host:port/path) with extra request headers; resolves once the answer's head has come. */
  static open(url: string, headers: Readonly<Record<string, string>> = {}, localAddress?: string): Promise<RawSocket> {
    const { hostname, port, pathname } = new URL(url);
    const lines = [
      `GET ${pathname} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    return new Promise((resolve, reject) => {
      const tcp = connect({ host: hostname, port: Number(port), ...(localAddress ? { localAddress } : {}) });
      let received = Buffer.alloc(0);
      const onData = (chunk: Buffer): void => {
        received = Buffer.concat([received, chunk]);
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        tcp.off('data', onData);
        const head = received.subarray(0, end).toString('latin1');
        const status = Number(head.split(' ')[1]);
        resolve(new RawSocket(tcp, status, head, received.subarray(end + 4)));
      };
      tcp.on('data', onData);
      tcp.once('error', reject);
      tcp.once('connect', () => tcp.write(`${lines.join('\r\n')}\r\n\r\n`));
    });
  }

  /** Sends a text frame, masked as a client must. */
  sendText(text: string): void {
    this.#send(OPCODE_TEXT, Buffer.from(text));
  }

  /** Answers a ping as a live client does. */
  pong(payload: Buffer = Buffer.alloc(0)): void {
    this.#send(OPCODE_PONG, payload);
  }

  /** Stops reading: what the server sends piles up in the kernel, then in the server. */
  pause(): void {
    this.tcp.pause();
  }

  /** Reads again. */
  resume(): void {
    this.tcp.resume();
  }

  /** The text frames received so far, parsed. */
  messages(): { type: string; [field: string]: unknown }[] {
    return this.frames.filter((f) => f.opcode === OPCODE_TEXT).map((f) => JSON.parse(f.payload.toString('utf8')));
  }

  /** The close code the server sent, if it did. */
  closeCode(): number | null {
    const close = this.frames.find((f) => f.opcode === OPCODE_CLOSE);
    return close && close.payload.length >= 2 ? close.payload.readUInt16BE(0) : null;
  }

  /** Whether the TCP connection has ended. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Waits until `done()` holds; fails after `ms`. */
  async until(done: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms; ${this.frames.length} frames`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Closes the TCP connection at once. */
  destroy(): void {
    this.tcp.destroy();
  }

  #send(opcode: number, payload: Buffer): void {
    const mask = randomBytes(4);
    const length = payload.length;
    const header =
      length < 126
        ? Buffer.from([0x80 | opcode, 0x80 | length])
        : Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff]);
    const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
    this.tcp.write(Buffer.concat([header, mask, masked]));
  }

  #parse(): void {
    for (;;) {
      const data = this.#pending;
      if (data.length < 2) return;
      let length = data[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (data.length < 4) return;
        length = data.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (data.length < 10) return;
        length = Number(data.readBigUInt64BE(2));
        offset = 10;
      }
      if (data.length < offset + length) return;
      this.frames.push({ opcode: data[0]! & 0x0f, payload: data.subarray(offset, offset + length) });
      this.#pending = data.subarray(offset + length);
    }
  }
}
