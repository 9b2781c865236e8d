/** The reader's invoices on /billing: date, description, amount, status and a receipt download. */
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Download, RotateCw } from 'lucide-react';
import { formatMoney, type TInvoice } from '@shared/billing';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDate, invoicesQuery } from '../queries';

const STATUS_LABELS: Record<TInvoice['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Unpaid',
};

export function InvoicesSection() {
  const invoices = useQuery(invoicesQuery);

  if (invoices.isPending) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <span className="sr-only">Loading invoices...</span>
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  if (invoices.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p className="flex items-center gap-2">
          <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
          Your invoices could not be loaded.
        </p>
        <Button variant="outline" size="sm" onClick={() => void invoices.refetch()} disabled={invoices.isFetching}>
          <RotateCw aria-hidden="true" className={invoices.isFetching ? 'animate-spin' : undefined} />
          {invoices.isFetching ? 'Retrying...' : 'Try again'}
        </Button>
      </div>
    );
  }
  const items = invoices.data.items;
  if (items.length === 0)
    return <p className="text-sm text-muted-foreground">No invoices yet. They appear here after your first payment.</p>;

  return (
    <>
      {/* Phones: one card per invoice, so /billing never scrolls sideways (docs/product/routes-and-screens.md#billing). */}
      <ul aria-label="Invoices" className="flex flex-col gap-3 sm:hidden">
        {items.map((invoice) => (
          <li key={invoice.id} className="rounded-lg border border-border p-3 text-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 break-words font-medium">{invoice.description}</p>
              <p className="shrink-0 font-semibold tabular-nums">{invoiceAmount(invoice)}</p>
            </div>
            <p className="mt-1 break-all text-xs text-muted-foreground">
              {formatDate(invoice.issuedAt)} · {invoice.number}
            </p>
            <div className="mt-2 flex items-center justify-between gap-3">
              <Badge variant={invoice.status === 'paid' ? 'secondary' : 'outline'}>
                {STATUS_LABELS[invoice.status]}
              </Badge>
              <ReceiptLink invoice={invoice} />
            </div>
          </li>
        ))}
      </ul>
      <InvoicesTable items={items} />
    </>
  );
}

function invoiceAmount(invoice: TInvoice): string {
  return formatMoney(invoice.status === 'paid' ? invoice.amountPaid : invoice.amountDue, invoice.currency);
}

function ReceiptLink({ invoice }: { invoice: TInvoice }) {
  if (invoice.status !== 'paid') return null;
  return (
    <a
      href={invoice.receiptUrl}
      download
      aria-label={`Receipt for invoice ${invoice.number}`}
      className="inline-flex min-h-10 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
    >
      <Download className="size-4" aria-hidden="true" />
      Receipt
    </a>
  );
}

function InvoicesTable({ items }: { items: TInvoice[] }) {
  return (
    <div className="hidden sm:block">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border text-muted-foreground">
          <tr>
            <th scope="col" className="px-5 py-2 font-medium sm:pl-0">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-5 py-2 font-medium sm:pr-0">
              <span className="sr-only">Receipt</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((invoice) => (
            <tr key={invoice.id} className="border-b border-border last:border-0">
              <td className="whitespace-nowrap px-5 py-3 sm:pl-0">{formatDate(invoice.issuedAt)}</td>
              <td className="px-3 py-3">
                {invoice.description}
                <span className="block text-xs text-muted-foreground">{invoice.number}</span>
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums">{invoiceAmount(invoice)}</td>
              <td className="px-3 py-3">
                <Badge variant={invoice.status === 'paid' ? 'secondary' : 'outline'}>
                  {STATUS_LABELS[invoice.status]}
                </Badge>
              </td>
              <td className="whitespace-nowrap px-5 py-3 text-right sm:pr-0">
                <ReceiptLink invoice={invoice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
