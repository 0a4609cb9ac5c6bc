import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { mails } from '../db/schema.ts';
import type { AppEnv } from '../http/context.ts';
import type { AppDeps } from '../deps.ts';
import { escapeHtml as escape } from '../escape-html.ts';

const To = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.maxLength(254),
    v.check((to) => !to.includes('\u0000')),
  ),
);

async function listMails(deps: AppDeps, query: string | undefined) {
  const to = v.safeParse(To, query);
  // A filter that cannot match any address matches no mail.
  if (!to.success) return [];
  const rows = await deps.db
    .select()
    .from(mails)
    .where(to.output ? eq(mails.to, to.output) : undefined)
    .orderBy(desc(mails.createdAt), desc(mails.id))
    .limit(100);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    headers: row.headers,
  }));
}

/**
 * The development mailbox: GET /api/dev/mails/?to= (JSON, newest first) and
 * GET /dev/mailbox (HTML). Only mounted outside production.
 */
export function devMailRoutes(deps: AppDeps): Hono<AppEnv> {
  const router = new Hono<AppEnv>();

  router.get('/api/dev/mails/', async (c) => {
    return c.json(await listMails(deps, c.req.query('to')));
  });

  router.get('/dev/mailbox', async (c) => {
    const to = c.req.query('to') ?? '';
    const list = await listMails(deps, to);
    const items = list
      .map(
        (mail) =>
          `<article><h2>${escape(mail.subject)}</h2><p>To: ${escape(mail.to)} · ${escape(mail.created_at)}</p><pre>${escape(mail.text)}</pre></article>`,
      )
      .join('\n');
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title></head>
<body><main><h1>Development mailbox</h1>
<form method="get"><label for="to">Recipient</label> <input id="to" name="to" type="email" value="${escape(to)}"> <button>Filter</button></form>
${items || '<p>No mails yet.</p>'}</main></body></html>`,
    );
  });

  return router;
}
