/** The downloadable HTML receipt of an invoice: a standalone page, every value escaped, amounts in £. */
import { formatMoney } from '@shared/billing';
import type { invoices } from '../../db/schema';
import { escapeHtml } from '../email/templates';

type TInvoiceRow = typeof invoices.$inferSelect;

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function renderReceiptHtml(invoice: TInvoiceRow): string {
  const e = (value: string) => escapeHtml(value);
  const rows: [string, string][] = [
    ['Receipt number', invoice.number],
    ['Billed to', [invoice.customerName, invoice.customerEmail].filter(Boolean).join(' — ')],
    ['Description', invoice.description],
    ['Period', `${DATE.format(invoice.periodStart)} – ${DATE.format(invoice.periodEnd)}`],
    ['Issued', DATE.format(invoice.issuedAt)],
    ['Status', invoice.status === 'paid' ? 'Paid' : invoice.status],
    ['Amount due', formatMoney(invoice.amountDue, invoice.currency)],
    ['Amount paid', formatMoney(invoice.amountPaid, invoice.currency)],
  ];
  if (invoice.paidAt) rows.push(['Paid on', DATE.format(invoice.paidAt)]);
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>Receipt ${e(invoice.number)} — Wonderful Books</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:2rem auto;color:#1f2937}th{text-align:left;padding:.4rem 1rem .4rem 0;color:#4b5563;font-weight:500}td{padding:.4rem 0}</style></head>
<body>
<h1>Wonderful Books</h1>
<h2>Receipt ${e(invoice.number)}</h2>
<table>
${rows.map(([label, value]) => `<tr><th scope="row">${e(label)}</th><td>${e(value)}</td></tr>`).join('\n')}
</table>
<p>Thank you for reading with Wonderful Books.</p>
</body>
</html>
`;
}
