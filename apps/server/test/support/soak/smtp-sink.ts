import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/**
 * An SMTP server that keeps what it is sent, for the soak: `pass` accepts, `slow` accepts after
 * `slowMs`, `fail` answers 451 (try again later) so the server's e-mail job must retry.
 */
export type SmtpMode = 'pass' | 'slow' | 'fail';

export interface SmtpSink {
  url: string;
  mode: SmtpMode;
  slowMs: number;
  /** Recipients of every message accepted, in order. */
  delivered: string[];
  /** Messages refused with 451. */
  refused: number;
  close(): Promise<void>;
}

function drain(stream: SMTPServerDataStream): Promise<void> {
  return new Promise((resolve) => {
    stream.on('data', () => undefined);
    stream.on('end', () => resolve());
  });
}

export async function startSmtpSink(port: number): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    mode: 'pass',
    slowMs: 4000,
    delivered: [],
    refused: 0,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const mode = sink.mode;
      void drain(stream).then(async () => {
        if (mode === 'fail') {
          sink.refused += 1;
          const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(error);
        }
        if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, sink.slowMs));
        for (const to of session.envelope.rcptTo) sink.delivered.push(to.address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return sink;
}
