import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { linksIn } from '../adapters/mail/mail.ts';
import type { Database } from '../db/client.ts';
import { outboxMessages } from '../db/schema/system.ts';
import { escapeHtml } from '../domain/users/accountMails.ts';

const SHOWN = 200;

/**
 * The local outbox (ARCHITECTURE.md, Adapters: mail): /dev/mailbox for people and
 * /dev/mailbox.json for tests, newest first. Registered only while the outbox adapter is in use,
 * which is never in production (config.ts).
 */
export function registerDevMailbox(app: FastifyInstance, db: Database): void {
  const newest = async () => {
    const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(SHOWN);
    return rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      links: linksIn(m.text),
      createdAt: m.createdAt.toISOString(),
    }));
  };

  app.get('/dev/mailbox.json', async (_request, reply) => reply.header('cache-control', 'no-store').send(await newest()));

  app.get('/dev/mailbox', async (_request, reply) => {
    const items = (await newest()).map((m) => {
      const body = escapeHtml(m.text).replace(/https?:\/\/[^\s<>"')]+/g, (url) => `<a href="${url}">${url}</a>`);
      return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt}</p><pre>${body}</pre></article>`;
    });
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mailbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}
h2{font-size:1.05rem;margin:.5rem 0 .2rem}.meta{color:#666;margin:0}pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Mailbox</h1><p>E-mails the server would have sent, newest first (local outbox; set SMTP_URL to send real mail).</p>
${items.length > 0 ? items.join('\n') : '<p>No e-mails yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });
}
