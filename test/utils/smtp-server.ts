import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the server received it, its parts decoded. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html?: string;
  raw: string;
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for MAIL_URL. */
  url: string;
  port: number;
  /** Every mail accepted, in order. */
  mails: ReceivedMail[];
  /** Every delivery attempt (a recipient offered), refused or not. */
  attempts: number;
  /** Refuses the next `count` attempts with 451 (try again later), or every attempt with Infinity. */
  refuse(count: number): void;
  /** The first mail (already received or still to come) that passes `match`. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (nodemailer's smtp-server), with no TLS and no login: what the app's nodemailer
 * transport talks to in the tests. `port`: a fixed one (to start it again where an app expects it).
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  let refusals = 0;
  const state = { attempts: 0 };
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      state.attempts += 1;
      if (refusals > 0) {
        refusals -= 1;
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          ...parseMail(raw),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          raw,
        });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const actualPort = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    mails,
    get attempts() {
      return state.attempts;
    },
    refuse: (count) => {
      refusals = count;
    },
    waitForMail: async (match, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(match);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no such mail within ${timeoutMs} ms; received: ${mails.map((m) => m.to).join(', ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** The subject and the text and HTML parts of a mail (a single part, or multipart/alternative). */
function parseMail(raw: string): Pick<ReceivedMail, 'subject' | 'text' | 'html'> {
  const { headers, body } = splitEntity(raw);
  const subject = headers.get('subject') ?? '';
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitEntity(part.replace(/^\r\n/, '')))
    : [{ headers, body }];
  const partOf = (mime: string) => {
    const part = parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').startsWith(mime));
    return part && decodeBody(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding'));
  };
  return { subject, text: partOf('text/plain')?.replace(/\r\n/g, '\n') ?? '', html: partOf('text/html') };
}

/** The one-time token of the first `<path>?token=` link in a mail's text. */
export function linkToken(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in:\n${mail.text}`);
  return match[1];
}
