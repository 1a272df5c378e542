// A real SMTP server on 127.0.0.1 for the browser journeys: every message it receives is saved
// as an .eml file in `dir`, where the tests read it (e.g. the recovery code).
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export async function startSmtpPeer(dir) {
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        n += 1;
        fs.writeFileSync(
          path.join(dir, `${Date.now()}-${String(n).padStart(4, '0')}.eml`),
          Buffer.concat(chunks),
        );
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { port: server.server.address().port, close: () => new Promise((r) => server.close(r)) };
}
