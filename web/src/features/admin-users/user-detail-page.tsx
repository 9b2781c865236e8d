/**
 * /admin/users/:id: one account as the back office sees it (docs/product/back-office.md#users): profile and plan with
 * an edit form, account actions behind confirmations (deactivate, reset e-mail, new password, end sessions),
 * subscription and invoices, picks, loans, devices and licences, sessions and the audit trail.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TAdminUserDetail } from '@shared/admin-users';
import { ZAdminPasswordChange, type TAdminPasswordChange, type TAdminUserUpdate } from '@shared/admin-users.schemas';
import { SUBSCRIPTION_STATUSES } from '@shared/admin-users';
import { ROLES, SUBSCRIPTION_TIERS } from '@shared/tiers';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { AdminPageHeader } from '@web/features/admin-shell/admin-page';
import { formatDateTime, formatMoney } from '@web/features/admin-shell/filter-controls';
import { useCurrentUser } from '@web/features/auth/queries';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { ROLE_LABELS, STATUS_LABELS, TIER_NAMES, displayName } from './labels';
import {
  changeUserPassword,
  endSessions,
  sendResetEmail,
  updateUser,
  userDetailQueryOptions,
  usersAdminKeys,
} from './queries';

const row = (key: string, cells: ReactNode[]) => ({ key, cells });

const SELECT_CLASS = 'h-10 rounded-md border border-input bg-background px-2 text-sm';

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-border bg-card p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="font-serif text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A read-only table of a few rows; each row is keyed by the record it shows. */
function SmallTable({
  headers,
  rows,
  empty,
}: {
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="border-b border-border px-2 py-1.5 font-medium">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-border last:border-0">
              {row.cells.map((cell, column) => (
                <td key={headers[column] || 'actions'} className="px-2 py-1.5 align-top">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const ZEditForm = z.object({
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  email: z.string().trim(),
  role: z.enum(ROLES),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
});
type TEditForm = z.infer<typeof ZEditForm>;
const EDIT_FIELDS = ['firstName', 'lastName', 'email', 'role', 'subscriptionTier', 'subscriptionStatus'] as const;

function EditForm({
  user,
  isSelf,
  onSaved,
}: {
  user: TAdminUserDetail;
  isSelf: boolean;
  onSaved: () => Promise<void>;
}) {
  const form = useForm<TEditForm>({
    resolver: zodResolver(ZEditForm),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email,
      role: user.role,
      subscriptionTier: user.subscriptionTier,
      subscriptionStatus: user.subscriptionStatus,
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useEffect(() => {
    form.reset({
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email,
      role: user.role,
      subscriptionTier: user.subscriptionTier,
      subscriptionStatus: user.subscriptionStatus,
    });
  }, [user, form]);

  async function submit(values: TEditForm) {
    const original: TEditForm = {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email,
      role: user.role,
      subscriptionTier: user.subscriptionTier,
      subscriptionStatus: user.subscriptionStatus,
    };
    const changes = Object.fromEntries(
      EDIT_FIELDS.filter((field) => values[field] !== original[field]).map((field) => [field, values[field]]),
    ) as TAdminUserUpdate;
    if (Object.keys(changes).length === 0) return;
    try {
      await updateUser(user.id, changes);
      toast({ title: 'Changes saved' });
      await onSaved();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, EDIT_FIELDS) === 0) {
        toast({ title: 'Could not save', description: describeError(error), variant: 'destructive' });
      }
    }
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-3 sm:grid-cols-2">
      <FormField id="edit-first-name" label="First name" error={errors.firstName?.message}>
        {(a11y) => <Input {...a11y} {...form.register('firstName')} />}
      </FormField>
      <FormField id="edit-last-name" label="Last name" error={errors.lastName?.message}>
        {(a11y) => <Input {...a11y} {...form.register('lastName')} />}
      </FormField>
      <FormField id="edit-email" label="E-mail" error={errors.email?.message} className="sm:col-span-2">
        {(a11y) => <Input type="email" {...a11y} {...form.register('email')} />}
      </FormField>
      <FormField
        id="edit-role"
        label="Role"
        error={errors.role?.message}
        hint={isSelf ? 'You cannot change your own role.' : 'Only a super admin can grant or remove admin roles.'}
      >
        {(a11y) => (
          <select {...a11y} className={SELECT_CLASS} disabled={isSelf} {...form.register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        id="edit-tier"
        label="Plan"
        error={errors.subscriptionTier?.message}
        hint="Access follows the plan at once; nobody is charged."
      >
        {(a11y) => (
          <select {...a11y} className={SELECT_CLASS} {...form.register('subscriptionTier')}>
            {SUBSCRIPTION_TIERS.map((tier) => (
              <option key={tier} value={tier}>
                {TIER_NAMES[tier]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="edit-status" label="Subscription status" error={errors.subscriptionStatus?.message}>
        {(a11y) => (
          <select {...a11y} className={SELECT_CLASS} {...form.register('subscriptionStatus')}>
            {SUBSCRIPTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="flex items-end justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
          Undo changes
        </Button>
        <Button type="submit" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function PasswordForm({ userId }: { userId: string }) {
  const form = useForm<z.input<typeof ZAdminPasswordChange>, unknown, TAdminPasswordChange>({
    resolver: zodResolver(ZAdminPasswordChange),
    defaultValues: { newPassword: '', sendResetEmail: false },
  });
  const { errors, isSubmitting } = form.formState;
  async function submit(values: TAdminPasswordChange) {
    try {
      const result = await changeUserPassword(userId, values);
      toast({ title: 'Password changed', description: result.message });
      form.reset();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['newPassword']) === 0) {
        toast({ title: 'Could not change the password', description: describeError(error), variant: 'destructive' });
      }
    }
  }
  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-3">
      <FormField
        id="admin-new-password"
        label="New password"
        error={errors.newPassword?.message}
        hint="At least 8 characters. Every session of this account ends."
      >
        {(a11y) => <Input type="password" autoComplete="new-password" {...a11y} {...form.register('newPassword')} />}
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...form.register('sendResetEmail')} />
        Also e-mail them a link to choose their own password
      </label>
      <div>
        <Button type="submit" variant="outline" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Set new password'}
        </Button>
      </div>
    </form>
  );
}

export default function UserDetailPage() {
  const { id = '' } = useParams();
  const user = useQuery(userDetailQueryOptions(id));
  const queryClient = useQueryClient();
  const { user: me } = useCurrentUser();
  const refresh = () => queryClient.invalidateQueries({ queryKey: usersAdminKeys.all });

  if (user.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">Loading the user...</span>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (user.isError) {
    return (
      <section>
        <AdminPageHeader path="/admin/users" title="User" />
        <ErrorPanel title="We couldn't load this user." error={user.error} onRetry={() => void user.refetch()} />
      </section>
    );
  }
  const data = user.data;
  const isSelf = me?.id === data.id;

  async function run(action: () => Promise<unknown>, title: string) {
    try {
      const result = (await action()) as { message?: unknown };
      toast({ title, description: typeof result?.message === 'string' ? result.message : undefined });
      await refresh();
    } catch (error) {
      toast({ title: 'That did not work', description: describeError(error), variant: 'destructive' });
      throw error;
    }
  }

  return (
    <div>
      <AdminPageHeader
        path="/admin/users"
        title={displayName(data)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {data.email} · {ROLE_LABELS[data.role]} · {TIER_NAMES[data.subscriptionTier]} (
            {STATUS_LABELS[data.subscriptionStatus]})
            {data.isActive ? null : <Badge variant="outline">Deactivated</Badge>}
            {data.isLocked ? <Badge variant="outline">Sign-in locked</Badge> : null}
          </span>
        }
        actions={
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin/users">Back to users</Link>
          </Button>
        }
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Section title="Profile and plan">
          <EditForm user={data} isSelf={isSelf} onSaved={refresh} />
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Username</dt>
            <dd>{data.username ?? '—'}</dd>
            <dt className="text-muted-foreground">Phone</dt>
            <dd>{data.phoneNumber ?? '—'}</dd>
            <dt className="text-muted-foreground">Signed up</dt>
            <dd>{formatDateTime(data.createdAt)}</dd>
            <dt className="text-muted-foreground">Last sign-in</dt>
            <dd>{formatDateTime(data.lastLoginAt)}</dd>
            <dt className="text-muted-foreground">E-mail verified</dt>
            <dd>{data.emailVerified ? 'Yes' : 'No'}</dd>
            <dt className="text-muted-foreground">Trial ends</dt>
            <dd>{formatDateTime(data.trialEndsAt)}</dd>
          </dl>
        </Section>

        <Section title="Account">
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap gap-2">
              {data.isActive ? (
                <ConfirmDialog
                  trigger={
                    <Button type="button" variant="destructive" disabled={isSelf}>
                      Deactivate account
                    </Button>
                  }
                  title="Deactivate this account?"
                  confirmLabel="Deactivate"
                  pendingLabel="Deactivating..."
                  confirmVariant="destructive"
                  onConfirm={() => run(() => updateUser(data.id, { isActive: false }), 'Account deactivated')}
                >
                  <p>
                    {displayName(data)} is signed out everywhere, every licence is revoked (downloads are wiped at each
                    device's next contact) and they cannot sign in until you reactivate the account.
                  </p>
                </ConfirmDialog>
              ) : (
                <ConfirmDialog
                  trigger={<Button type="button">Reactivate account</Button>}
                  title="Reactivate this account?"
                  confirmLabel="Reactivate"
                  pendingLabel="Reactivating..."
                  onConfirm={() => run(() => updateUser(data.id, { isActive: true }), 'Account reactivated')}
                >
                  <p>{displayName(data)} can sign in again.</p>
                </ConfirmDialog>
              )}
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" disabled={!data.isActive}>
                    Send reset e-mail
                  </Button>
                }
                title="Send a password reset e-mail?"
                confirmLabel="Send"
                pendingLabel="Sending..."
                onConfirm={() => run(() => sendResetEmail(data.id), 'Reset e-mail sent')}
              >
                <p>
                  {data.email} gets a link to choose a new password. The link is only in the e-mail; it is never shown
                  here.
                </p>
              </ConfirmDialog>
            </div>
            <PasswordForm userId={data.id} />
          </div>
        </Section>

        <Section
          title="Sessions"
          actions={
            data.sessions.length > 0 ? (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="outline" size="sm">
                    End all sessions
                  </Button>
                }
                title="End every session?"
                confirmLabel="End all"
                pendingLabel="Ending..."
                onConfirm={() => run(() => endSessions(data.id), 'Sessions ended')}
              >
                <p>
                  {displayName(data)} is signed out on all {data.sessions.length} browsers and must sign in again.
                </p>
              </ConfirmDialog>
            ) : null
          }
        >
          <SmallTable
            headers={['Device', 'IP address', 'Last seen', '']}
            empty="No live sessions."
            rows={data.sessions.map((session) =>
              row(session.id, [
                <span key="ua" className="line-clamp-2 break-all">
                  {session.userAgent ?? 'Unknown browser'}
                </span>,
                session.ipAddress ?? '—',
                formatDateTime(session.lastSeenAt),
                <Button
                  key="end"
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() =>
                    void run(() => endSessions(data.id, session.id), 'Session ended').catch(() => undefined)
                  }
                >
                  End
                </Button>,
              ]),
            )}
          />
        </Section>

        <Section title="Subscription and invoices">
          {data.subscription ? (
            <p className="mb-3 text-sm">
              {TIER_NAMES[data.subscription.tier as keyof typeof TIER_NAMES] ?? data.subscription.tier},{' '}
              {data.subscription.status}
              {data.subscription.cancelAtPeriodEnd ? ', cancelling' : ''}; period ends{' '}
              {formatDateTime(data.subscription.currentPeriodEnd)} ({data.subscription.provider}
              {data.subscription.cardLast4 ? `, card •••• ${data.subscription.cardLast4}` : ''})
            </p>
          ) : (
            <p className="mb-3 text-sm text-muted-foreground">No paid subscription on record.</p>
          )}
          <SmallTable
            headers={['Invoice', 'Issued', 'Amount', 'Status']}
            empty="No invoices."
            rows={data.invoices.map((invoice) =>
              row(invoice.id, [
                invoice.number,
                formatDateTime(invoice.issuedAt),
                formatMoney(invoice.amountDue, invoice.currency),
                invoice.status,
              ]),
            )}
          />
        </Section>

        <Section
          title="Loans"
          actions={
            <Button asChild variant="ghost" size="sm">
              <Link to={`/admin/loans?userId=${encodeURIComponent(data.id)}`}>Manage loans</Link>
            </Button>
          }
        >
          <SmallTable
            headers={['Book', 'Status', 'Started', 'Reason']}
            empty="No loans."
            rows={data.loans.map((loan) =>
              row(loan.id, [loan.title, loan.status, formatDateTime(loan.startedAt), loan.revokeReason ?? '']),
            )}
          />
        </Section>

        <Section title="Picks">
          <p className="mb-2 text-sm text-muted-foreground">
            Picks locked until {formatDateTime(data.selectionsLockedUntil)}
          </p>
          <SmallTable
            headers={['Book', 'Picked', 'Locked until']}
            empty="No active picks."
            rows={data.selections.map((pick) =>
              row(pick.id, [pick.title, formatDateTime(pick.selectedAt), formatDateTime(pick.lockedUntil)]),
            )}
          />
        </Section>

        <Section title="Devices and licences">
          <SmallTable
            headers={['Device', 'Offline', 'Last active', 'Live licences']}
            empty="No devices."
            rows={data.devices.map((device) =>
              row(device.id, [
                `${device.name}${device.isActive ? '' : ' (removed)'}`,
                device.offlineRegisteredAt ? 'Registered' : 'Online only',
                formatDateTime(device.lastActiveAt),
                device.activeLicenses,
              ]),
            )}
          />
        </Section>

        <Section
          title="Audit trail"
          actions={
            <Button asChild variant="ghost" size="sm">
              <Link to={`/admin/audit-log?user=${encodeURIComponent(data.id)}`}>Open in audit log</Link>
            </Button>
          }
        >
          <SmallTable
            headers={['When', 'Action', 'Severity', 'By']}
            empty="Nothing recorded yet."
            rows={data.audit.map((entry) =>
              row(entry.id, [
                formatDateTime(entry.createdAt),
                entry.action,
                entry.severity,
                entry.actorId === data.id ? 'Themselves' : entry.actorId ? 'An admin' : '—',
              ]),
            )}
          />
        </Section>
      </div>
    </div>
  );
}
