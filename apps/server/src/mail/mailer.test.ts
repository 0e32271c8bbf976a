import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from './mailer.ts';

/** A minimal SMTP peer: enough of RFC 5321 for nodemailer to deliver one message to it. */
function smtpPeer(received: string[]): Server {
  return createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          } else received.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

describe('smtpMailer', () => {
  const received: string[] = [];
  const server = smtpPeer(received);
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers through the SMTP_URL server with the configured sender', async () => {
    const mailer = await smtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'MakerDesk <no-reply@makerdesk.local>');
    await mailer.send({ to: 'gina@makerdesk.local', subject: 'MakerDesk password reset code', text: 'Your MakerDesk verification code is 123456.' });
    const message = received.join('\n');
    expect(message).toContain('To: gina@makerdesk.local');
    expect(message).toContain('From: MakerDesk <no-reply@makerdesk.local>');
    expect(message).toContain('Subject: MakerDesk password reset code');
    expect(message).toContain('Your MakerDesk verification code is 123456.');
  });
});
