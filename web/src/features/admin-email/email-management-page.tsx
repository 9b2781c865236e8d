/**
 * /admin/email-management (docs/product/admin-money.md#e-mail-management): three tabs. The outbox and log (stored
 * copies, codes and secret links already redacted by the server) with filters and resend; every template previewed
 * as HTML and text with sample data, and sent to yourself as a test; marketing campaigns to opted-in readers, with
 * the audience counted before sending, progress while the background job sends, and a cancel for the rest.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import type { TCampaign } from '@shared/admin-email';
import { ZCampaignRequest, type TCampaignRequest } from '@shared/admin-email.schemas';
import type { TOutboxMessage } from '@shared/email';
import { DataTable, type TDataTableColumn } from '@web/components/data-table/data-table';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { AlertConfirmDialog } from '@web/components/ui/alert-confirm-dialog';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { DialogPanel } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import {
  adminEmailKeys,
  audienceQuery,
  campaignQuery,
  campaignsQuery,
  cancelCampaign,
  outboxQuery,
  resendMessage,
  sendCampaign,
  sendTemplateTest,
  templatePreviewQuery,
  templatesQuery,
  type TOutboxFilters,
} from './queries';

const dateTime = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '–';
const selectClass = 'h-10 rounded-md border border-border bg-background px-2 text-sm';
const tabClass =
  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-primary data-[state=active]:text-primary-foreground';

function StatusBadge({ status }: { status: TOutboxMessage['status'] }) {
  const variant = status === 'failed' ? 'accent' : status === 'sent' ? 'secondary' : 'outline';
  return <Badge variant={variant}>{status}</Badge>;
}

function MessageDialog({ message }: { message: TOutboxMessage }) {
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost">
          View<span className="sr-only"> message to {message.email}</span>
        </Button>
      </Dialog.Trigger>
      <DialogPanel title={message.subject} size="lg">
        <Dialog.Description className="mt-2 text-sm text-muted-foreground">
          To {message.email} · {message.emailType} · {dateTime(message.createdAt)}. The stored copy: codes and one-time
          links are hidden.
        </Dialog.Description>
        {message.errorMessage && <p className="mt-3 text-sm text-destructive">Error: {message.errorMessage}</p>}
        <pre className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
          {message.bodyText}
        </pre>
      </DialogPanel>
    </Dialog.Root>
  );
}

function OutboxTab() {
  const [filters, setFilters] = useState<TOutboxFilters>({ page: 1, pageSize: 25 });
  const outbox = useQuery(outboxQuery(filters));
  const queryClient = useQueryClient();
  const filter = (next: Partial<TOutboxFilters>) => setFilters((current) => ({ ...current, ...next, page: 1 }));

  const columns: TDataTableColumn<TOutboxMessage>[] = [
    {
      id: 'createdAt',
      header: 'Time',
      cell: ({ row }) => <span className="whitespace-nowrap">{dateTime(row.original.createdAt)}</span>,
    },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.emailType}</span>,
    },
    { id: 'email', header: 'Recipient', cell: ({ row }) => row.original.email },
    { id: 'subject', header: 'Subject', cell: ({ row }) => row.original.subject },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      id: 'error',
      header: 'Error',
      cell: ({ row }) => <span className="text-xs text-destructive">{row.original.errorMessage ?? ''}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <div className="flex justify-end gap-1">
          <MessageDialog message={row.original} />
          {row.original.status === 'failed' && (
            <ConfirmDialog
              trigger={
                <Button size="sm" variant="outline">
                  Resend<span className="sr-only"> to {row.original.email}</span>
                </Button>
              }
              title="Send this message again?"
              confirmLabel="Resend"
              pendingLabel="Sending..."
              onConfirm={async () => {
                try {
                  const answer = await resendMessage(row.original.id);
                  toast({ title: answer.message });
                  await queryClient.invalidateQueries({ queryKey: adminEmailKeys.all });
                } catch (error) {
                  toast({ title: 'Not sent', description: (error as Error).message, variant: 'destructive' });
                  throw error;
                }
              }}
            >
              <p>
                A message that carried a code or a one-time link is not copied: a new one is issued to the account's own
                address. Other messages are sent again as stored.
              </p>
            </ConfirmDialog>
          )}
        </div>
      ),
    },
  ];

  return (
    <DataTable
      label="Outbox"
      columns={columns}
      rows={outbox.data?.items}
      total={outbox.data?.total}
      isLoading={outbox.isPending}
      isFetching={outbox.isFetching}
      query={filters}
      onQueryChange={(next) => setFilters((current) => ({ ...current, ...next }))}
      getRowId={(row) => row.id}
      toolbar={
        <>
          <div className="flex flex-col gap-1 text-sm font-medium">
            <label htmlFor="outbox-recipient">Recipient</label>
            <Input
              id="outbox-recipient"
              type="search"
              className="w-52"
              onChange={(event) => filter({ email: event.target.value || undefined })}
            />
          </div>
          <div className="flex flex-col gap-1 text-sm font-medium">
            <label htmlFor="outbox-type">Type</label>
            <Input
              id="outbox-type"
              className="w-44"
              placeholder="e.g. marketing_campaign"
              onChange={(event) => filter({ type: event.target.value.trim() || undefined })}
            />
          </div>
          <div className="flex flex-col gap-1 text-sm font-medium">
            <label htmlFor="outbox-status">Status</label>
            <select
              id="outbox-status"
              className={selectClass}
              value={filters.status ?? ''}
              onChange={(event) => filter({ status: (event.target.value || undefined) as TOutboxFilters['status'] })}
            >
              <option value="">Any</option>
              <option value="sent">Sent</option>
              <option value="failed">Failed</option>
              <option value="queued">Queued</option>
              <option value="suppressed">Suppressed</option>
            </select>
          </div>
          <div className="flex flex-col gap-1 text-sm font-medium">
            <label htmlFor="outbox-from">From</label>
            <Input
              id="outbox-from"
              type="date"
              className="w-40"
              onChange={(event) => filter({ from: event.target.value || undefined })}
            />
          </div>
          <div className="flex flex-col gap-1 text-sm font-medium">
            <label htmlFor="outbox-to">To</label>
            <Input
              id="outbox-to"
              type="date"
              className="w-40"
              onChange={(event) => filter({ to: event.target.value || undefined })}
            />
          </div>
        </>
      }
    />
  );
}

function TemplatesTab() {
  const templates = useQuery(templatesQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const id = chosen ?? templates.data?.items[0]?.id ?? null;
  const preview = useQuery({ ...templatePreviewQuery(id ?? ''), enabled: id !== null });
  const [view, setView] = useState<'html' | 'text'>('html');
  const test = useMutation({
    mutationFn: () => sendTemplateTest(id ?? ''),
    onSuccess: (answer) => toast({ title: answer.message }),
    onError: (error) => toast({ title: 'The test was not sent', description: error.message, variant: 'destructive' }),
  });
  if (templates.isError) return <ErrorPanel error={templates.error} onRetry={() => templates.refetch()} />;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[16rem_1fr]">
      <Card className="p-2">
        <h2 className="px-2 py-1 text-sm font-semibold">Templates</h2>
        <ul className="flex flex-col">
          {(templates.data?.items ?? []).map((template) => (
            <li key={template.id}>
              <button
                type="button"
                aria-current={template.id === id ? 'true' : undefined}
                onClick={() => setChosen(template.id)}
                className={`w-full rounded-md px-2 py-1.5 text-left text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${template.id === id ? 'bg-secondary font-semibold' : ''}`}
              >
                {template.name}
                <span className="block text-xs text-muted-foreground">{template.category}</span>
              </button>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="min-w-0 p-4">
        {!preview.data ? (
          <Skeleton className="h-96 w-full" />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <h2 className="text-base font-semibold">{preview.data.name}</h2>
                <p className="text-sm text-muted-foreground">Subject: {preview.data.subject}</p>
              </div>
              <div className="flex gap-2">
                <fieldset className="flex rounded-md border border-border">
                  <legend className="sr-only">Preview format</legend>
                  {(['html', 'text'] as const).map((format) => (
                    <button
                      key={format}
                      type="button"
                      aria-pressed={view === format}
                      onClick={() => setView(format)}
                      className={`px-3 py-1.5 text-sm ${view === format ? 'bg-primary text-primary-foreground' : ''}`}
                    >
                      {format === 'html' ? 'HTML' : 'Text'}
                    </button>
                  ))}
                </fieldset>
                <Button variant="outline" onClick={() => test.mutate()} disabled={test.isPending}>
                  {test.isPending ? 'Sending...' : 'Send a test to myself'}
                </Button>
              </div>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">Sample data: the codes and links in it open nothing.</p>
            {view === 'html' ? (
              <iframe
                title={`HTML preview of ${preview.data.name}`}
                srcDoc={preview.data.html}
                sandbox=""
                className="mt-3 h-[32rem] w-full rounded-md border border-border bg-white"
              />
            ) : (
              <pre className="mt-3 max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
                {preview.data.text}
              </pre>
            )}
          </>
        )}
      </Card>
    </div>
  );
}

function CampaignProgress({ campaign }: { campaign: TCampaign }) {
  const done = campaign.sentCount + campaign.failedCount + campaign.suppressedCount;
  const percent = campaign.audienceCount > 0 ? Math.round((done / campaign.audienceCount) * 100) : 100;
  return (
    <div className="flex flex-col gap-1">
      <progress
        aria-label={`Progress of “${campaign.subject}”`}
        max={100}
        value={percent}
        className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
      />
      <p className="text-xs text-muted-foreground">
        {campaign.sentCount} sent · {campaign.suppressedCount} skipped (opted out since) · {campaign.failedCount} failed
        {campaign.retryingCount > 0 ? ` · ${campaign.retryingCount} waiting to retry` : ''}
        {campaign.status === 'cancelled' ? ` · ${campaign.cancelledCount} not sent (cancelled)` : ''} of{' '}
        {campaign.audienceCount}
      </p>
    </div>
  );
}

function CancelCampaignButton({ campaign }: { campaign: TCampaign }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelCampaign(campaign.id),
    onSuccess: (cancelled) =>
      toast({
        title: `“${cancelled.subject}” cancelled`,
        description: `${cancelled.sentCount} of ${cancelled.audienceCount} had been sent; ${cancelled.cancelledCount} will not be.`,
      }),
    onError: (error) =>
      toast({ title: 'The campaign was not cancelled', description: error.message, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminEmailKeys.all }),
  });
  return (
    <AlertConfirmDialog
      trigger={
        <Button size="sm" variant="outline">
          Cancel campaign<span className="sr-only"> “{campaign.subject}”</span>
        </Button>
      }
      title="Cancel this campaign?"
      cancelLabel="Keep sending"
      confirmLabel="Cancel campaign"
      pendingLabel="Cancelling..."
      onConfirm={() => cancel.mutateAsync()}
    >
      <p>
        “{campaign.subject}”: {campaign.sentCount} of {campaign.audienceCount} sent so far. The readers still waiting
        will not get it; a message already with the mail server still arrives.
      </p>
      <p>A cancelled campaign cannot be resumed.</p>
    </AlertConfirmDialog>
  );
}

function CampaignFailures({ id }: { id: string }) {
  const detail = useQuery(campaignQuery(id));
  const failures = detail.data?.failures ?? [];
  if (failures.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">Failed or retrying deliveries ({failures.length})</summary>
      <ul className="mt-1 flex flex-col gap-1 text-xs">
        {failures.map((failure) => (
          <li key={failure.email}>
            {failure.email}: {failure.status === 'failed' ? 'gave up' : `retry at ${dateTime(failure.nextAttemptAt)}`}{' '}
            after {failure.attempts} attempt{failure.attempts === 1 ? '' : 's'} — {failure.lastError}
          </li>
        ))}
      </ul>
    </details>
  );
}

function CampaignsTab() {
  const queryClient = useQueryClient();
  const audience = useQuery(audienceQuery);
  const campaigns = useQuery(campaignsQuery);
  const form = useForm<TCampaignRequest>({
    resolver: zodResolver(ZCampaignRequest),
    defaultValues: { subject: '', body: '' },
  });
  const [confirming, setConfirming] = useState<TCampaignRequest | null>(null);
  const send = useMutation({
    mutationFn: sendCampaign,
    onSuccess: async (campaign) => {
      toast({ title: `Sending “${campaign.subject}” to ${campaign.audienceCount} readers` });
      form.reset({ subject: '', body: '' });
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: adminEmailKeys.all });
    },
    onError: (error) => {
      setConfirming(null);
      if (applyServerFieldErrors(error, form.setError, ['subject', 'body']) === 0)
        toast({ title: 'The campaign was not sent', description: error.message, variant: 'destructive' });
    },
  });
  const count = audience.data?.count;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <Card className="p-4">
        <h2 className="text-base font-semibold">New campaign</h2>
        <p className="mt-1 text-sm text-muted-foreground" role="status">
          {count === undefined
            ? 'Counting the readers who opted in...'
            : `${count.toLocaleString('en-GB')} ${count === 1 ? 'reader has' : 'readers have'} opted in to marketing e-mail and would receive it.`}
        </p>
        <form
          className="mt-4 flex flex-col gap-3"
          noValidate
          onSubmit={form.handleSubmit((values) => setConfirming(values))}
        >
          <FormField id="campaign-subject" label="Subject" error={form.formState.errors.subject?.message}>
            {(a11y) => <Input {...a11y} {...form.register('subject')} />}
          </FormField>
          <FormField
            id="campaign-body"
            label="Message"
            hint="Plain text; a blank line starts a new paragraph. The greeting, an unsubscribe link and the one-click unsubscribe header are added."
            error={form.formState.errors.body?.message}
          >
            {(a11y) => (
              <textarea
                rows={8}
                className="rounded-md border border-border bg-background px-3 py-2 text-sm"
                {...a11y}
                {...form.register('body')}
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={!count}>
              Send campaign
            </Button>
          </div>
        </form>
        <Dialog.Root
          open={confirming !== null}
          onOpenChange={(open) => !open && !send.isPending && setConfirming(null)}
        >
          <DialogPanel title="Send this campaign?" closeDisabled={send.isPending}>
            <Dialog.Description className="mt-3 text-sm text-muted-foreground">
              “{confirming?.subject}” goes to {count ?? 0} readers who opted in, a few a second. While it is sending you
              can cancel the rest; messages already sent cannot be called back.
            </Dialog.Description>
            <div className="mt-6 flex justify-end gap-2">
              <Button variant="outline" onClick={() => setConfirming(null)} disabled={send.isPending}>
                Cancel
              </Button>
              <Button onClick={() => confirming && send.mutate(confirming)} disabled={send.isPending}>
                {send.isPending ? 'Sending...' : `Send to ${count ?? 0} readers`}
              </Button>
            </div>
          </DialogPanel>
        </Dialog.Root>
      </Card>
      <Card className="p-4">
        <h2 className="text-base font-semibold">Campaigns</h2>
        {campaigns.isError ? (
          <ErrorPanel error={campaigns.error} onRetry={() => campaigns.refetch()} />
        ) : !campaigns.data ? (
          <Skeleton className="mt-3 h-32 w-full" />
        ) : campaigns.data.items.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No campaign has been sent yet.</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-border">
            {campaigns.data.items.map((campaign) => (
              <li key={campaign.id} className="flex flex-col gap-2 py-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">{campaign.subject}</span>
                  <Badge variant={campaign.status === 'sending' ? 'accent' : 'secondary'}>
                    {campaign.status === 'sending'
                      ? 'Sending'
                      : campaign.status === 'completed'
                        ? 'Completed'
                        : 'Cancelled'}
                  </Badge>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-xs text-muted-foreground">
                    Sent {dateTime(campaign.createdAt)}
                    {campaign.cancelledAt ? ` · cancelled ${dateTime(campaign.cancelledAt)}` : ''}
                  </p>
                  {campaign.status === 'sending' && <CancelCampaignButton campaign={campaign} />}
                </div>
                <CampaignProgress campaign={campaign} />
                {(campaign.failedCount > 0 || campaign.retryingCount > 0) && <CampaignFailures id={campaign.id} />}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export default function EmailManagementPage() {
  return (
    <section>
      <AdminPageHeader
        path="/admin/email-management"
        description="Every message the service stored, the templates it sends, and campaigns to readers who opted in."
      />
      <Tabs.Root defaultValue="outbox">
        <Tabs.List aria-label="E-mail" className="mb-4 flex flex-wrap gap-1 border-b border-border pb-2">
          <Tabs.Trigger value="outbox" className={tabClass}>
            Outbox and log
          </Tabs.Trigger>
          <Tabs.Trigger value="templates" className={tabClass}>
            Templates
          </Tabs.Trigger>
          <Tabs.Trigger value="campaigns" className={tabClass}>
            Campaigns
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="outbox" className="focus-visible:outline-none">
          <OutboxTab />
        </Tabs.Content>
        <Tabs.Content value="templates" className="focus-visible:outline-none">
          <TemplatesTab />
        </Tabs.Content>
        <Tabs.Content value="campaigns" className="focus-visible:outline-none">
          <CampaignsTab />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
