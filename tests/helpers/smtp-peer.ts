// The SMTP server itself is the one the browser journeys use too (scripts/lib/smtp-peer.mjs); here
// are the readers of what it received.
export { startSmtpPeer, type TReceivedMail } from '@/scripts/lib/smtp-peer.mjs';

/** The recovery code as the message shows it: the line of its text part that holds 4+4+4 digits. */
export function codeLineInMail(raw: string): string | undefined {
  return /^(\d{4} \d{4} \d{4})\r?$/m.exec(raw)?.[1];
}

/** The recovery code of a raw message, as one types it: 12 digits without the spaces. */
export function codeInMail(raw: string): string | undefined {
  return codeLineInMail(raw)?.replace(/ /g, '');
}

/** Undoes quoted-printable =XX escapes: each run of them is the UTF-8 bytes of its characters. */
const qpBytes = (s: string) =>
  s.replace(/(=[0-9A-F]{2})+/gi, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );

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
