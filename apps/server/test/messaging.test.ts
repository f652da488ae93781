import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelMessenger, Outbox, SmtpMailer, TermiiSms } from '../src/providers/messaging/index';

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => resolve(data));
  });

describe('SMTP mailer', () => {
  const received: string[] = [];
  let smtp: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers through a real SMTP conversation', async () => {
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`, 'Wise <no-reply@wise.ng>');
    await mailer.send({ channel: 'email', to: 'ada@gmail.com', subject: '1234 is your code', text: 'Your code is 1234.' });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: 1234 is your code');
    expect(received[0]).toContain('To: ada@gmail.com');
    expect(received[0]).toContain('Your code is 1234.');
  });
});

describe('Termii SMS client', () => {
  it("posts the message in Termii's shape and fails loudly on an error status", async () => {
    const requests: { url?: string; body: Record<string, unknown> }[] = [];
    let status = 200;
    const server = createServer((request, response) => {
      void readBody(request).then((body) => {
        requests.push({ url: request.url, body: JSON.parse(body) as Record<string, unknown> });
        response.writeHead(status, { 'content-type': 'application/json' }).end('{"message_id":"1"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const sms = new TermiiSms('key-123', `http://127.0.0.1:${port}`, 'Wise');
      await sms.send({ channel: 'sms', to: '+2348031234567', subject: 'code', text: 'Your Wise code is 4321' });
      expect(requests).toEqual([
        {
          url: '/api/sms/send',
          body: { api_key: 'key-123', to: '2348031234567', from: 'Wise', sms: 'Your Wise code is 4321', type: 'plain', channel: 'generic' },
        },
      ]);
      status = 500;
      await expect(sms.send({ channel: 'sms', to: '+2348031234567', subject: 'c', text: 't' })).rejects.toThrow(/500/);
    } finally {
      server.close();
    }
  });
});

describe('channel routing and the dev outbox', () => {
  it('sends each channel to its transport and lists the outbox newest first', async () => {
    const outbox = new Outbox();
    const sent: string[] = [];
    const messenger = new ChannelMessenger({
      email: { send: async (m) => void sent.push(`email:${m.to}`) },
      sms: outbox,
    });
    await messenger.send({ channel: 'email', to: 'a@b.com', subject: 's', text: 't' });
    await messenger.send({ channel: 'sms', to: '+2348000000001', subject: 'first', text: 't' });
    await messenger.send({ channel: 'sms', to: '+2348000000002', subject: 'second', text: 't' });
    expect(sent).toEqual(['email:a@b.com']);
    expect(outbox.list().map((m) => m.subject)).toEqual(['second', 'first']);
  });
});
