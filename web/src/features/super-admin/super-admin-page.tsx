/**
 * /super-admin (role super_admin; docs/product/operations.md#super-admin): staff roles (grant by e-mail, remove, under the
 * server's role rules), emergency login status and how to change it, signing-key and KEK status with the commands to
 * rotate them (ids and counts only, never key material), backups (back up now, the list, how to restore) and the staff's
 * active sessions, each of which can be ended.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup, KeyRound, LifeBuoy, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { TAdminUserSession } from '@shared/admin-users';
import { SUPER_ADMIN_MESSAGES, type TStaffMember, type TSuperAdminOverview, ZRoleGrant } from '@shared/super-admin';
import { ROLES, type TRole } from '@shared/tiers';
import { StaticTable, type TStaticTableColumn } from '@web/components/data-table/static-table';
import { ErrorPanel } from '@web/components/error-panel';
import { FormField } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/features/admin-shell/filter-controls';
import { endSessions } from '@web/features/admin-users/queries';
import { ROLE_LABELS } from '@web/features/admin-users/labels';
import { useCurrentUser } from '@web/features/auth/queries';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { backUpNow, grantRole, superAdminKeys, superAdminQueryOptions } from './queries';

function Panel({ id, title, icon, children }: { id: string; title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mb-6 rounded-xl border border-border bg-card p-4 sm:p-5">
      <h2 id={id} className="mb-3 flex items-center gap-2 font-serif text-xl font-semibold">
        <span className="text-muted-foreground [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Command({ children }: { children: string }) {
  return <code className="block overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs">{children}</code>;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function ageOf(iso: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: superAdminKeys.overview });
}

type TGrantForm = z.input<typeof ZRoleGrant>;

function GrantRoleForm() {
  const refresh = useRefresh();
  const form = useForm<TGrantForm, unknown, z.output<typeof ZRoleGrant>>({
    resolver: zodResolver(ZRoleGrant),
    defaultValues: { email: '', role: 'admin' },
  });
  const { errors, isSubmitting } = form.formState;
  async function submit(values: z.output<typeof ZRoleGrant>) {
    try {
      await grantRole(values);
      toast({ title: 'Role saved', description: `${values.email} is now ${ROLE_LABELS[values.role]}.` });
      form.reset({ email: '', role: values.role });
      await refresh();
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['email', 'role']) === 0)
        toast({ variant: 'destructive', title: 'Could not change the role', description: describeError(error) });
    }
  }
  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-start"
    >
      <FormField id="grant-email" label="Account e-mail" error={errors.email?.message}>
        {(a11y) => <Input type="email" autoComplete="off" {...a11y} {...form.register('email')} />}
      </FormField>
      <FormField id="grant-role" label="Role" error={errors.role?.message}>
        {(a11y) => (
          <select
            className="h-10 rounded-md border border-input bg-background px-2 text-sm"
            {...a11y}
            {...form.register('role')}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Set role'}
      </Button>
    </form>
  );
}

function StaffSection({ staff, currentUserId }: { staff: TStaffMember[]; currentUserId: string | undefined }) {
  const refresh = useRefresh();
  const columns: TStaticTableColumn<TStaffMember>[] = [
    {
      id: 'who',
      header: 'Account',
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium">{row.original.name ?? row.original.email}</span>
          <span className="text-xs text-muted-foreground">{row.original.email}</span>
        </span>
      ),
    },
    {
      id: 'role',
      header: 'Role',
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <Badge variant={row.original.role === 'super_admin' ? 'default' : 'secondary'}>
            {ROLE_LABELS[row.original.role]}
          </Badge>
          {!row.original.isActive && <Badge variant="outline">Deactivated</Badge>}
        </span>
      ),
    },
    { id: 'lastLogin', header: 'Last sign-in', cell: ({ row }) => formatDateTime(row.original.lastLoginAt) },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        row.original.id === currentUserId ? (
          <span className="text-xs text-muted-foreground">You</span>
        ) : (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline">
                Remove role
              </Button>
            }
            title={`Remove ${ROLE_LABELS[row.original.role]} from ${row.original.email}?`}
            confirmLabel="Remove role"
            pendingLabel="Removing..."
            confirmVariant="destructive"
            onConfirm={async () => {
              try {
                await grantRole({ email: row.original.email, role: 'user' as TRole });
                toast({ title: 'Role removed', description: `${row.original.email} is a reader now.` });
                await refresh();
              } catch (error) {
                toast({
                  variant: 'destructive',
                  title: 'Could not remove the role',
                  description: describeError(error),
                });
              }
            }}
          >
            They keep their account and reading; the back office closes to them at their next request.
          </ConfirmDialog>
        ),
    },
  ];
  return (
    <Panel id="staff-title" title="Staff roles" icon={<Users />}>
      <p className="mb-3 text-sm text-muted-foreground">
        Grant moderator, admin or super admin to an existing account, or set Reader to remove a role. Nobody changes
        their own role, so the last super admin always remains. Every change is in the audit log.
      </p>
      <GrantRoleForm />
      <StaticTable label="Staff accounts" columns={columns} rows={staff} getRowId={(row) => row.id} />
    </Panel>
  );
}

function SessionsSection({ staff }: { staff: TStaffMember[] }) {
  const refresh = useRefresh();
  const rows = staff.flatMap((member) => member.sessions.map((session) => ({ member, session })));
  const columns: TStaticTableColumn<{ member: TStaffMember; session: TAdminUserSession }>[] = [
    { id: 'who', header: 'Account', cell: ({ row }) => row.original.member.email },
    { id: 'role', header: 'Role', cell: ({ row }) => ROLE_LABELS[row.original.member.role] },
    { id: 'from', header: 'Address', cell: ({ row }) => row.original.session.ipAddress ?? 'unknown' },
    {
      id: 'device',
      header: 'Browser',
      cell: ({ row }) => (
        <span className="line-clamp-2 max-w-64 break-all text-xs">{row.original.session.userAgent ?? 'unknown'}</span>
      ),
    },
    { id: 'seen', header: 'Last seen', cell: ({ row }) => formatDateTime(row.original.session.lastSeenAt) },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="outline"
          onClick={async () => {
            try {
              await endSessions(row.original.member.id, row.original.session.id);
              toast({ title: 'Session ended', description: `${row.original.member.email} is signed out there.` });
              await refresh();
            } catch (error) {
              toast({ variant: 'destructive', title: 'Could not end the session', description: describeError(error) });
            }
          }}
        >
          End session
        </Button>
      ),
    },
  ];
  return (
    <Panel id="sessions-title" title="Active staff sessions" icon={<ShieldCheck />}>
      <StaticTable
        label="Active staff sessions"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.session.id}
        emptyMessage="No staff session is open."
      />
    </Panel>
  );
}

function EmergencySection({ emergency }: { emergency: TSuperAdminOverview['emergencyLogin'] }) {
  const state = {
    off: 'Off: /emergency-login explains that it is disabled and the API answers 404.',
    configured: `On for ${emergency.account}.`,
    demo: `Demo mode: on for the demo super admin ${emergency.account}, from this machine only.`,
  }[emergency.mode];
  return (
    <Panel id="emergency-title" title="Emergency login" icon={<LifeBuoy />}>
      <p className="text-sm">
        <span className="font-medium">Status:</span> {state}
      </p>
      {emergency.mode !== 'off' && !emergency.accountReady && (
        <p className="mt-2 text-sm font-medium text-destructive">
          The configured account is missing or not an active super admin: every attempt is refused.
        </p>
      )}
      <p className="mt-2 text-sm text-muted-foreground">
        Each attempt is rate-limited ({emergency.limits.perIpPerHour} an hour per address,{' '}
        {emergency.limits.globalPerHour} an hour in all), written to the audit log as critical, and every super admin is
        e-mailed when it succeeds. It is configured in the server's environment, not here, so a stolen session cannot
        switch it on:
      </p>
      <div className="mt-2 flex flex-col gap-1">
        <Command>npm run admin -- hash-password</Command>
        <Command>EMERGENCY_LOGIN_ENABLED=true EMERGENCY_LOGIN_EMAIL=… EMERGENCY_LOGIN_PASSWORD_HASH=…</Command>
      </div>
      <h3 className="mb-2 mt-4 text-sm font-semibold">Recent attempts</h3>
      {emergency.recentAttempts.length === 0 ? (
        <p className="text-sm text-muted-foreground">None recorded.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {emergency.recentAttempts.map((attempt) => (
            <li key={`${attempt.at}-${attempt.ipAddress}`}>
              {formatDateTime(attempt.at)}: {attempt.status === 'success' ? 'succeeded' : 'refused'} from{' '}
              {attempt.ipAddress ?? 'an unknown address'}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

const SOURCE_TEXT = {
  environment: 'from the environment',
  'data-folder': 'generated into the data folder',
  ephemeral: 'in memory (tests)',
} as const;

function KeysSection({ keys }: { keys: TSuperAdminOverview['keys'] }) {
  const stale = keys.kek.wrappedKeys.filter((entry) => !entry.isCurrent);
  return (
    <Panel id="keys-title" title="Signing keys and KEK" icon={<KeyRound />}>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="mb-1 text-sm font-semibold">Licence signing keys</h3>
          <p className="text-sm">
            {keys.signing.keyIds.length} key(s), {SOURCE_TEXT[keys.signing.source]}; signing with{' '}
            <code className="font-mono text-xs">{keys.signing.currentKeyId}</code>.
          </p>
          <p className="mt-2 text-sm text-muted-foreground">
            To rotate: append a new ES256 key to LICENSE_SIGNING_KEYS (the last one signs), restart, and remove the old
            key once its licences have expired (offline_max_days).
          </p>
        </div>
        <div>
          <h3 className="mb-1 text-sm font-semibold">Content key-encryption key (KEK)</h3>
          <p className="text-sm">
            Current <code className="font-mono text-xs">{keys.kek.currentId}</code>, {SOURCE_TEXT[keys.kek.source]}
            {keys.kek.retiredIds.length > 0 ? `; retired: ${keys.kek.retiredIds.join(', ')}` : ''}.
          </p>
          <ul className="mt-1 text-sm">
            {keys.kek.wrappedKeys.map((entry) => (
              <li key={entry.kekId}>
                {entry.count} book key(s) on <code className="font-mono text-xs">{entry.kekId}</code>
                {entry.isCurrent ? ' (current)' : entry.isKnown ? ' (retired: rewrap them)' : ' (missing KEK!)'}
              </li>
            ))}
          </ul>
          {stale.length > 0 && (
            <p className="mt-1 text-sm font-medium text-amber-900">Some book keys are not on the current KEK.</p>
          )}
          <p className="mt-2 text-sm text-muted-foreground">
            To rotate: set the new key as CONTENT_KEK with a new CONTENT_KEK_ID, list the old one in
            CONTENT_KEK_RETIRED, restart, then run:
          </p>
          <div className="mt-1">
            <Command>npm run keys:rewrap</Command>
          </div>
        </div>
      </div>
    </Panel>
  );
}

function BackupsSection({ backups }: { backups: TSuperAdminOverview['backups'] }) {
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: backUpNow,
    onSuccess: async (file) => {
      toast({ title: SUPER_ADMIN_MESSAGES.backupDone, description: `${file.name} (${megabytes(file.bytes)})` });
      await queryClient.invalidateQueries({ queryKey: superAdminKeys.overview });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not back up', description: describeError(error) }),
  });
  return (
    <Panel id="backups-title" title="Backups" icon={<DatabaseBackup />}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Online backups (SQLite's backup API: readers and writers keep working) into{' '}
          <code className="font-mono text-xs">{backups.folder}</code>.
        </p>
        <Button onClick={() => run.mutate()} disabled={run.isPending}>
          {run.isPending ? 'Backing up...' : 'Back up now'}
        </Button>
      </div>
      <StaticTable
        label="Backups"
        rows={backups.items}
        getRowId={(row) => row.name}
        emptyMessage="No backup yet."
        columns={[
          {
            id: 'name',
            header: 'File',
            cell: ({ row }) => <code className="font-mono text-xs">{row.original.name}</code>,
          },
          { id: 'size', header: 'Size', cell: ({ row }) => megabytes(row.original.bytes) },
          { id: 'age', header: 'Age', cell: ({ row }) => ageOf(row.original.createdAt) },
          { id: 'when', header: 'Made', cell: ({ row }) => formatDateTime(row.original.createdAt) },
        ]}
      />
      <h3 className="mb-1 mt-4 text-sm font-semibold">Restoring a backup</h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Stop every server process (a restore under a running server is overwritten by its next write).</li>
        <li>
          Move the database file and its <code className="font-mono text-xs">-wal</code> and{' '}
          <code className="font-mono text-xs">-shm</code> files aside.
        </li>
        <li>
          Copy the backup to the database file's name (DATABASE_FILE, by default wonderful-books.sqlite in the data
          folder).
        </li>
        <li>
          Keep the same CONTENT_KEK (or the content-kek file) and licence signing keys: books cannot be decrypted
          without the KEK the backup's keys were wrapped with.
        </li>
        <li>Start the server; it migrates the file forward if it is older than the code.</li>
      </ol>
    </Panel>
  );
}

export default function SuperAdminPage() {
  useDocumentTitle('Super Admin');
  const overview = useQuery(superAdminQueryOptions);
  const { user } = useCurrentUser();
  return (
    <section className="mx-auto w-full max-w-6xl px-4 pb-16 pt-8" aria-labelledby="super-admin-title">
      <h1 id="super-admin-title" className="font-serif text-3xl font-bold tracking-tight">
        Super Admin
      </h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">
        Staff roles, break-glass access, keys, backups and sessions. Runtime settings are on{' '}
        <Link className="underline underline-offset-2" to="/system-settings">
          System Settings
        </Link>
        .
      </p>
      {overview.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : overview.isError ? (
        <ErrorPanel error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <StaffSection staff={overview.data.staff} currentUserId={user?.id} />
          <SessionsSection staff={overview.data.staff} />
          <BackupsSection backups={overview.data.backups} />
          <KeysSection keys={overview.data.keys} />
          <EmergencySection emergency={overview.data.emergencyLogin} />
        </>
      )}
    </section>
  );
}
