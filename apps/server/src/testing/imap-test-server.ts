import { createRequire } from 'node:module';
import type { AddressInfo, Server, Socket } from 'node:net';
import { ImapFlow } from 'imapflow';

/** The parts of hoodiecrow-imap (a CommonJS package without types) that the tests use. */
interface HoodiecrowMessage {
  uid: number;
  flags: string[];
  raw: string;
}
interface Hoodiecrow {
  server: Server;
  listen(port: number, host: string, callback: () => void): void;
  close(callback: () => void): void;
  getMailbox(path: string): { messages: HoodiecrowMessage[] };
  appendMessage(mailbox: string, flags: string[], internaldate: Date, raw: string): unknown;
}

const hoodiecrow = createRequire(import.meta.url)('hoodiecrow-imap') as (options: object) => Hoodiecrow;

const USER = 'testuser';
const PASS = 'testpass';

/**
 * A real IMAP server on 127.0.0.1 for tests: hoodiecrow-imap (by imapflow's author), IMAP4rev1
 * with UIDPLUS and, unless `idle` is false, IDLE — so a reader can be tested both waiting with
 * IDLE and polling. One in-memory INBOX; `append` goes in by IMAP APPEND like any client's.
 */
export async function startImapTestServer(options: { idle?: boolean } = {}) {
  const server = hoodiecrow({
    plugins: [...(options.idle === false ? [] : ['IDLE']), 'UIDPLUS', 'ENABLE', 'LITERALPLUS', 'UNSELECT'],
    storage: { INBOX: { messages: [] }, '': {} },
  });
  const sockets = new Set<Socket>();
  let bytesSent = 0;
  server.server.on('connection', (socket: Socket) => {
    // hoodiecrow writes a response in many small pieces; with Nagle's algorithm each command
    // would wait out the client's delayed ACK (40 ms).
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => {
      bytesSent += socket.bytesWritten;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const inbox = () => server.getMailbox('INBOX').messages;

  return {
    mailbox: { host: '127.0.0.1', port, secure: false, user: USER, pass: PASS, mailbox: 'INBOX' },
    /** Adds a message with IMAP APPEND from a client of its own. */
    async append(raw: string | Buffer): Promise<void> {
      const client = new ImapFlow({
        host: '127.0.0.1',
        port,
        secure: false,
        auth: { user: USER, pass: PASS },
        logger: false,
      });
      await client.connect();
      await client.append('INBOX', raw);
      await client.logout();
    },
    /** Puts a message in the mailbox as the mail server's delivery would, without a client. */
    deliver(raw: string): void {
      server.appendMessage('INBOX', [], new Date(), raw);
    },
    /** Each message in the mailbox, in order, with whether it is flagged \Seen. */
    messages: () => inbox().map((message) => ({ uid: message.uid, seen: message.flags.includes('\\Seen') })),
    /** Bytes the server has written to its clients so far (what they downloaded, roughly). */
    bytesSent: () => bytesSent + [...sockets].reduce((sum, socket) => sum + socket.bytesWritten, 0),
    /** Cuts every open connection, as a server restart or a network failure would. */
    dropConnections(): void {
      for (const socket of sockets) socket.destroy();
    },
    connections: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ImapTestServer = Awaited<ReturnType<typeof startImapTestServer>>;
