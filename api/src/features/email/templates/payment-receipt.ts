/** Sent when an invoice is paid (checkout, renewal, upgrade): the receipt's facts and a download link. */
import { formatMoney } from '@shared/billing';
import { BRAND, formatEmailDate, greeting, renderEmail, type TEmailTemplate } from './layout';

export function paymentReceiptEmail(input: {
  firstName: string | null;
  invoiceNumber: string;
  description: string;
  amountPaid: number;
  currency: string;
  paidAt: Date;
  receiptPath: string;
}): TEmailTemplate {
  const amount = formatMoney(input.amountPaid, input.currency);
  return (context) =>
    renderEmail({
      subject: `Your ${BRAND} receipt ${input.invoiceNumber}`,
      preheader: `We received your payment of ${amount}.`,
      heading: 'Thank you for your payment',
      context,
      blocks: [
        { kind: 'paragraph', text: greeting(input.firstName) },
        { kind: 'paragraph', text: `We received your payment of ${amount}.` },
        {
          kind: 'facts',
          rows: [
            ['Receipt', input.invoiceNumber],
            ['For', input.description],
            ['Amount', amount],
            ['Paid', formatEmailDate(input.paidAt)],
          ],
        },
        { kind: 'button', label: 'View billing', url: `${context.publicUrl}/billing` },
      ],
    });
}
