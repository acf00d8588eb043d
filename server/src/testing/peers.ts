/**
 * Real protocol peers for tests: a free local port, and a local SMTP server that keeps what it
 * receives (not a mock: the mailer speaks SMTP to it).
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface LocalSmtp {
  port: number;
  /** Each message: its recipients and its raw data. */
  received: Array<{ to: string[]; data: string }>;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 (no authentication, no TLS) that keeps every message. */
export function startSmtp(): Promise<LocalSmtp> {
  const received: LocalSmtp['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address() as { port: number };
      resolve({
        port: address.port,
        received,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** Whether a process (or, with a negative id, a process group) still runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
