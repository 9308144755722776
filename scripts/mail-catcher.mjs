// A small Mailpit-compatible mail catcher, used when Mailpit itself cannot be installed.
// SMTP on MAIL_SMTP_PORT; on MAIL_HTTP_PORT the Mailpit API subset the project uses:
//   GET /api/v1/messages, GET /api/v1/message/:id, GET /api/v1/message/:id/headers, GET /api/v1/search?query=to:<addr>,
//   DELETE /api/v1/messages, and a plain HTML inbox at /.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_SMTP_PORT ?? 1025);
const httpPort = Number(process.env.MAIL_HTTP_PORT ?? 8025);
const MAX_MESSAGES = 5000;
const messages = [];

const address = (list) => (list?.value ?? []).map((a) => ({ Name: a.name ?? '', Address: a.address ?? '' }));

function summary(m) {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    From: m.From,
    To: m.To,
    Subject: m.Subject,
    Created: m.Created,
    Snippet: m.Text.slice(0, 250),
    Size: m.Size,
  };
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (c) => chunks.push(c));
    stream.on('end', async () => {
      try {
        const raw = Buffer.concat(chunks);
        const parsed = await simpleParser(raw);
        messages.unshift({
          ID: randomUUID(),
          MessageID: parsed.messageId ?? '',
          From: address(parsed.from)[0] ?? { Name: '', Address: '' },
          To: address(parsed.to),
          Subject: parsed.subject ?? '',
          Created: new Date().toISOString(),
          Text: parsed.text ?? '',
          HTML: typeof parsed.html === 'string' ? parsed.html : '',
          Headers: Object.fromEntries([...parsed.headers].map(([k, v]) => [k, [String(v?.text ?? v)]])),
          // As sent (unfolded), for /api/v1/message/:id/headers: mailparser's parsed values restructure some headers.
          RawHeaders: parsed.headerLines.map(({ line }) => {
            const colon = line.indexOf(':');
            return [
              line.slice(0, colon),
              line
                .slice(colon + 1)
                .replace(/\r?\n\s+/g, ' ')
                .trim(),
            ];
          }),
          Size: raw.length,
        });
        messages.length = Math.min(messages.length, MAX_MESSAGES);
        callback();
      } catch (error) {
        callback(error);
      }
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

function send(res, status, body, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(type === 'application/json' ? JSON.stringify(body) : body);
}

function matches(m, query) {
  return query
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => {
      const [field, ...rest] = term.split(':');
      const value = rest.join(':').replace(/^"|"$/g, '').toLowerCase();
      if (field === 'to' && rest.length) return m.To.some((t) => t.Address.toLowerCase().includes(value));
      if (field === 'subject' && rest.length) return m.Subject.toLowerCase().includes(value);
      return `${m.Subject} ${m.Text}`.toLowerCase().includes(term.toLowerCase());
    });
}

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'GET' && url.pathname === '/api/v1/messages') {
    return send(res, 200, { total: messages.length, messages_count: messages.length, messages: messages.map(summary) });
  }
  if (req.method === 'DELETE' && url.pathname === '/api/v1/messages') {
    messages.length = 0;
    return send(res, 200, 'ok', 'text/plain');
  }
  if (req.method === 'GET' && url.pathname === '/api/v1/search') {
    const found = messages.filter((m) => matches(m, url.searchParams.get('query') ?? ''));
    return send(res, 200, { total: messages.length, messages_count: found.length, messages: found.map(summary) });
  }
  const headersOf = /^\/api\/v1\/message\/([\w-]+)\/headers$/.exec(url.pathname);
  if (req.method === 'GET' && headersOf) {
    const m = messages.find((x) => x.ID === headersOf[1]);
    if (!m) return send(res, 404, 'not found', 'text/plain');
    const headers = {};
    for (const [name, value] of m.RawHeaders) headers[name] = [...(headers[name] ?? []), value];
    return send(res, 200, headers);
  }
  const one = /^\/api\/v1\/message\/([\w-]+)$/.exec(url.pathname);
  if (req.method === 'GET' && one) {
    const m = messages.find((x) => x.ID === one[1]);
    return m ? send(res, 200, m) : send(res, 404, 'not found', 'text/plain');
  }
  if (req.method === 'GET' && url.pathname === '/') {
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.Created)}</td><td>${escapeHtml(m.To.map((t) => t.Address).join(', '))}</td><td>${escapeHtml(m.Subject)}</td><td><pre>${escapeHtml(m.Text)}</pre></td></tr>`,
      )
      .join('');
    return send(
      res,
      200,
      `<!doctype html><title>Inbox</title><h1>Inbox (${messages.length})</h1><table border=1>${rows}</table>`,
      'text/html',
    );
  }
  send(res, 404, 'not found', 'text/plain');
}).listen(httpPort, '127.0.0.1', () => {
  console.log(`mail catcher: SMTP 127.0.0.1:${smtpPort}, API http://127.0.0.1:${httpPort}`);
});

for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
