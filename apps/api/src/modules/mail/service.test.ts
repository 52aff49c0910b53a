import { readFile, readdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADQUARTERS } from '@market/domain/markets';
import { parseEnv } from '../../config/env.ts';
import { createTestApp, type TestApp } from '../../../test/support/harness.ts';
import { listMailbox, mailboxDir } from './lib/mailbox.ts';
import { MESSAGE_MAIL } from './lib/templates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEV_MAILBOX: 'true' });
});
afterAll(async () => {
  await t?.close();
});

describe('mail queue and local mailbox', () => {
  it('delivers a queued mail as a .eml with HTML and plain-text parts and the postal address', async () => {
    await t.app.deps.mail.enqueue(MESSAGE_MAIL, 'someone@example.com', {
      subject: 'Hello <there>',
      paragraphs: ['First <b>line</b> & more.'],
      action: { label: 'Open it', url: 'http://localhost:3000/x?a=1&b=2' },
    });
    await t.app.deps.mail.drain();

    const files = await readdir(mailboxDir(t.env));
    const eml = files.filter((f) => f.endsWith('.eml'));
    expect(eml).toHaveLength(1);
    const raw = await readFile(join(mailboxDir(t.env), eml[0]!), 'utf8');
    expect(raw).toMatch(/^To: someone@example.com$/m);
    expect(raw).toMatch(/^Subject: Hello <there>$/m);
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');

    const [entry] = await listMailbox(mailboxDir(t.env));
    expect(entry!.text).toContain(HEADQUARTERS.street);
    expect(entry!.text).toContain(`${HEADQUARTERS.city}, ${HEADQUARTERS.state} ${HEADQUARTERS.zip}`);
    expect(entry!.html).toContain(HEADQUARTERS.street);
    // User-provided text is escaped in the HTML part; the link stays clickable.
    expect(entry!.html).toContain('First &lt;b&gt;line&lt;/b&gt; &amp; more.');
    expect(entry!.html).toContain('href="http://localhost:3000/x?a=1&amp;b=2"');
    expect(entry!.text).toContain('Open it: http://localhost:3000/x?a=1&b=2');
  });

  it('refuses an unknown mail kind at once', async () => {
    await expect(t.app.deps.mail.enqueue('no-such-kind', 'a@example.com')).rejects.toThrow(/Unknown mail kind/);
  });

  it('lists the mailbox on a development page (DEV_MAILBOX=true) with links to each mail', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/dev/mailbox/' });
    expect(list.statusCode).toBe(200);
    // The page names no folder on disk.
    expect(list.body).not.toContain(mailboxDir(t.env));
    expect(list.body).not.toContain(t.env.DATA_DIR);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['cache-control']).toBe('private, no-store');
    const [entry] = await listMailbox(mailboxDir(t.env));
    expect(list.body).toContain(`href="/dev/mailbox/${entry!.name}"`);
    expect(list.body).toContain('Hello &lt;there&gt;');

    const one = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${entry!.name}` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain('href="http://localhost:3000/x?a=1&amp;b=2"');

    const raw = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${entry!.name}/raw` });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('message/rfc822');

    for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'nope', '%3Cscript%3E']) {
      const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox/${bad}` });
      expect(res.statusCode).toBe(bad === 'nope' ? 404 : 400);
    }
  });
});

describe('mailbox page off unless turned on (account takeover through the mailbox)', () => {
  it('is not served in the default configuration, even with mail in the mailbox', async () => {
    const plain = await createTestApp();
    try {
      await plain.app.deps.mail.enqueue(MESSAGE_MAIL, 'victim@example.com', { subject: 'Reset your password', paragraphs: ['Secret link.'] });
      await plain.app.deps.mail.drain();
      const [entry] = await listMailbox(mailboxDir(plain.env));
      expect(entry).toBeDefined();
      for (const url of ['/dev/mailbox/', `/dev/mailbox/${entry!.name}`, `/dev/mailbox/${entry!.name}/raw`]) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('Secret link');
      }
    } finally {
      await plain.close();
    }
  });

  it('has no mailbox page in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox/' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('refuses DEV_MAILBOX=true in production at start-up, naming the variable', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', DEV_MAILBOX: 'true' })).toThrow(/^Invalid configuration: DEV_MAILBOX: /);
    expect(() => parseEnv({ DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
    expect(() => parseEnv({ NODE_ENV: 'development', DEV_MAILBOX: 'maybe' })).toThrow(/DEV_MAILBOX/);
    expect(parseEnv({ NODE_ENV: 'development', DEV_MAILBOX: 'true' }).DEV_MAILBOX).toBe(true);
  });
});

/** A minimal SMTP server that accepts every message and keeps its text. */
async function fakeSmtpServer() {
  const received: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let message: string | null = null;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message !== null) {
          if (line === '.') {
            received.push(message);
            message = null;
            socket.write('250 OK queued\r\n');
          } else message += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250-fake.test\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          message = '';
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('with SMTP_URL', () => {
  it('sends through the SMTP server instead of the mailbox, which has no page', async () => {
    const smtp = await fakeSmtpServer();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, DEV_MAILBOX: 'true' });
    try {
      await app.app.deps.mail.enqueue(MESSAGE_MAIL, 'smtp-user@example.com', { subject: 'Through SMTP', paragraphs: ['Hello.'] });
      await app.app.deps.mail.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatch(/^To: smtp-user@example.com$/m);
      expect(smtp.received[0]).toMatch(/^Subject: Through SMTP$/m);
      expect(smtp.received[0]).toContain('multipart/alternative');
      expect(await listMailbox(mailboxDir(app.env))).toEqual([]);
      expect((await app.app.inject({ method: 'GET', url: '/dev/mailbox/' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
