// The one SMTP peer of the tests and scripts: a real SMTP server on 127.0.0.1 (docs/architecture.md:
// external services are never mocked; tests stand up a peer). Plain SMTP without TLS or auth. It
// keeps every message raw in `received`; given `dir`, it also saves each one there as an .eml file,
// where the browser journeys read it (tests/e2e/mail.ts). API tests read `received`
// (tests/helpers/smtp-peer.ts).
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** @typedef {{ from: string; to: string[]; raw: string }} TReceivedMail */

/** @param {{ dir?: string, port?: number }} [opts] `port`: a fixed one (default: any free one) */
export async function startSmtpPeer(opts = {}) {
  const { dir } = opts;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  /** @type {TReceivedMail[]} */
  const received = [];
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on('data', (/** @type {Buffer} */ c) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: raw.toString('utf8'),
        });
        if (dir) {
          n += 1;
          fs.writeFileSync(path.join(dir, `${Date.now()}-${String(n).padStart(4, '0')}.eml`), raw);
        }
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve(undefined));
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** @returns {Promise<void>} */
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
