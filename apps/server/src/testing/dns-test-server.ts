import { createSocket, type Socket } from 'node:dgram';
import { createServer, type AddressInfo, type Server, type Socket as TcpSocket } from 'node:net';
import dnsPacket, { type Answer, type Packet, type Question } from 'dns-packet';

/** A zone as a plain object: each name's records by type (TXT values are whole strings). */
export type DnsZone = Record<string, { A?: string[]; AAAA?: string[]; TXT?: string[] }>;

export interface DnsTestServer {
  /** `127.0.0.1:port`, as DNS_SERVERS takes it. */
  address: string;
  /** Replaces the zone the server answers from. */
  setZone(zone: DnsZone): void;
  /** Keeps the port but answers nothing, so a resolver waits until its timeout. */
  silence(): void;
  /** Answers again after silence(). */
  resume(): void;
  stop(): Promise<void>;
}

/** A TXT value as the 255-octet character-strings of RFC 1035 §3.3.14 (a DKIM key is longer). */
const characterStrings = (value: string) => value.match(/.{1,255}/g) ?? [''];

/** The answer to one question: the zone's records, NODATA for a known name, else NXDOMAIN. */
function answerOf(zone: DnsZone, query: Packet): Buffer {
  const question = query.questions?.[0] as Question | undefined;
  const name = question?.name.toLowerCase().replace(/\.$/, '') ?? '';
  const entry = Object.entries(zone).find(([known]) => known.toLowerCase() === name)?.[1];
  const type = question?.type;
  const values = entry && (type === 'A' || type === 'AAAA' || type === 'TXT') ? (entry[type] ?? []) : [];
  const answers: Answer[] = values.map((value) =>
    type === 'TXT'
      ? { type: 'TXT', name: question!.name, ttl: 60, data: characterStrings(value) }
      : { type: type as 'A' | 'AAAA', name: question!.name, ttl: 60, data: value },
  );
  return dnsPacket.encode({
    id: query.id,
    type: 'response',
    // RD echoed, RA set: the resolver asked us as its recursive server.
    flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (entry ? 0 : 3),
    questions: query.questions,
    answers,
  });
}

/**
 * A DNS server on 127.0.0.1 (a random port, UDP and TCP on the same one, as resolvers expect)
 * answering from a zone given as an object: the sending-domain check's world in tests.
 */
export async function startDnsTestServer(initialZone: DnsZone = {}): Promise<DnsTestServer> {
  let zone = initialZone;
  let silent = false;
  let stopped = false;
  const connections = new Set<TcpSocket>();
  const tcp: Server = createServer((connection) => {
    connections.add(connection);
    connection.on('close', () => connections.delete(connection));
    let buffered = Buffer.alloc(0);
    connection.on('error', () => connection.destroy());
    connection.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      // Each TCP message is prefixed by its length (RFC 1035 §4.2.2).
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const message = buffered.subarray(2, 2 + buffered.readUInt16BE(0));
        buffered = buffered.subarray(2 + message.length);
        if (silent) continue;
        const answer = answerOf(zone, dnsPacket.decode(message));
        const length = Buffer.alloc(2);
        length.writeUInt16BE(answer.length);
        connection.write(Buffer.concat([length, answer]));
      }
    });
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const port = (tcp.address() as AddressInfo).port;
  const udp: Socket = createSocket('udp4');
  udp.on('message', (message, remote) => {
    if (silent) return;
    udp.send(answerOf(zone, dnsPacket.decode(message)), remote.port, remote.address);
  });
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${port}`,
    setZone: (next) => {
      zone = next;
    },
    silence: () => {
      silent = true;
    },
    resume: () => {
      silent = false;
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await new Promise<void>((resolve) => udp.close(() => resolve()));
      await new Promise<void>((resolve) => {
        tcp.close(() => resolve());
        // A resolver may keep its TCP connection open; stopping must not wait for it.
        for (const connection of connections) connection.destroy();
      });
    },
  };
}
