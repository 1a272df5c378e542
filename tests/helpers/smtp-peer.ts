import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on 127.0.0.1 (docs/architecture.md: external services are never mocked; tests stand
 * up a peer). Plain SMTP without TLS or auth, collecting every message raw.
 */
export async function startSmtpPeer() {
  const received: TReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The recovery code of a raw message: the text part puts it alone on a line, in groups of 4. */
export function codeInMail(raw: string): string | undefined {
  return /^(\d{4} \d{4} \d{4})\r?$/m.exec(raw)?.[1]?.replace(/ /g, '');
}

const qpBytes = (s: string) =>
  Buffer.from(
    s.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The Subject header with its RFC 2047 encoded words decoded. */
export function mailSubject(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]/g, ' ');
  const subject = /^Subject: (.*)$/m.exec(headers)?.[1] ?? '';
  return subject.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : qpBytes(text.replace(/_/g, ' ')),
  );
}

/** The whole message with quoted-printable soft breaks and escapes undone (enough for tests). */
export function mailBody(raw: string): string {
  return qpBytes(raw.replace(/=\r?\n/g, ''));
}
