import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { payments } from '../db/schema/billing.ts';
import type { LocalCardProcessor } from '../adapters/payments/localCardProcessor.ts';

/**
 * The receipts of the local card processor, as Stripe hosts its receipts: a public page per
 * successful payment behind an unguessable link (192 random bits), which the payment keeps at
 * webhookEvent.data.object.charges.data[0].receipt_url (spec §3 Payment, Payment History's
 * Receipt column). Outside the contract, like any processor's receipt page.
 */
export function registerReceipts(app: FastifyInstance, db: Database, processor: LocalCardProcessor): void {
  app.get<{ Params: { token: string } }>('/receipts/:token', async (request, reply) => {
    const { token } = request.params;
    const receipt = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await processor.findReceipt(token) : null;
    const [payment] = receipt
      ? await db
          .select({ convertId: payments.convertId, credits: payments.credits, isAutomatic: payments.isAutomatic })
          .from(payments)
          .where(eq(payments.processorIntentId, receipt.intent.id))
      : [];
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    if (!receipt || !payment) return reply.code(404).type('text/html; charset=utf-8').send(page('Receipt not found', '<p>This receipt does not exist.</p>'));
    const rows: [string, string][] = [
      ['Payment ID', payment.convertId],
      ['Credit pack', `${payment.credits} credits${payment.isAutomatic ? ' (auto-recharge)' : ''}`],
      ['Amount paid', formatMoney(receipt.intent.amount, receipt.intent.currency)],
      ['Date', receipt.createdAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'],
      ['Card', receipt.card ? `${receipt.card.brand} •••• ${receipt.card.last4}` : 'card'],
    ];
    const table = rows.map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('');
    return reply.type('text/html; charset=utf-8').send(page('Receipt', `<table>${table}</table>`));
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a202c}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}th{color:#4a5568;font-weight:500}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}<p><small>Issued by the local card processor (test mode).</small></p></body></html>`;
}

function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
