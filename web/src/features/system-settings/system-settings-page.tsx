/**
 * /system-settings (super admin; docs/product/operations.md#system-settings): every system_config key by category, with
 * its description and type. A value is checked against its type here (the same shared rule the API applies) before it
 * is sent; read-only keys are shown without a form. A saved value applies at once, without a restart.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import * as Switch from '@radix-ui/react-switch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  normaliseSettingValue,
  SETTING_MAX_LENGTH,
  SETTING_NUMBER_RANGES,
  SYSTEM_SETTING_MESSAGES,
  type TSystemSetting,
} from '@shared/system-settings';
import { ErrorPanel } from '@web/components/error-panel';
import { FieldError, fieldA11y } from '@web/components/forms/form-field';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateTime } from '@web/features/admin-shell/filter-controls';
import { describeError } from '@web/lib/api';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { saveSystemSetting, systemSettingsKeys, systemSettingsQueryOptions } from './queries';

function settingSchema(setting: TSystemSetting) {
  return z.object({
    value: z
      .string()
      .max(SETTING_MAX_LENGTH, SYSTEM_SETTING_MESSAGES.tooLong)
      .superRefine((value, context) => {
        const checked = normaliseSettingValue(setting.key, setting.dataType, value);
        if (!checked.ok) context.addIssue({ code: 'custom', message: checked.message });
      }),
  });
}

function hintFor(setting: TSystemSetting): string | null {
  const range = SETTING_NUMBER_RANGES[setting.key];
  if (range) return `${range.integer ? 'A whole number' : 'A number'} from ${range.min} to ${range.max}`;
  if (setting.dataType === 'json') return 'JSON';
  return null;
}

function SettingRow({ setting }: { setting: TSystemSetting }) {
  const queryClient = useQueryClient();
  const schema = useMemo(() => settingSchema(setting), [setting]);
  const form = useForm<{ value: string }>({ resolver: zodResolver(schema), defaultValues: { value: setting.value } });
  const { errors, isSubmitting, isDirty } = form.formState;
  const id = `setting-${setting.key}`;
  const hint = hintFor(setting);
  const a11y = fieldA11y(id, errors.value?.message, hint);

  async function submit({ value }: { value: string }) {
    try {
      const saved = await saveSystemSetting(setting.key, value);
      form.reset({ value: saved.value });
      toast({ title: SYSTEM_SETTING_MESSAGES.saved, description: `${saved.key} is now ${saved.value}.` });
      await queryClient.invalidateQueries({ queryKey: systemSettingsKeys.all });
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['value']) === 0)
        toast({ variant: 'destructive', title: 'Could not save the setting', description: describeError(error) });
    }
  }

  return (
    <li className="grid gap-3 border-b border-border py-4 last:border-0 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          {setting.isEditable ? (
            <label htmlFor={id} className="break-all font-mono text-sm font-semibold">
              {setting.key}
            </label>
          ) : (
            <span className="break-all font-mono text-sm font-semibold">{setting.key}</span>
          )}
          <Badge variant="outline">{setting.dataType}</Badge>
          {!setting.isEditable && (
            <Badge variant="secondary" className="gap-1">
              <Lock className="size-3" aria-hidden="true" />
              Read-only
            </Badge>
          )}
        </div>
        {setting.description && <p className="mt-1 text-sm text-muted-foreground">{setting.description}</p>}
        <p className="mt-1 text-xs text-muted-foreground">
          Changed {formatDateTime(setting.updatedAt)}
          {setting.updatedBy ? ` by ${setting.updatedBy}` : ''}
        </p>
      </div>
      {setting.isEditable ? (
        <form onSubmit={form.handleSubmit(submit)} noValidate className="flex flex-col gap-1.5">
          <div className="flex items-start gap-2">
            {setting.dataType === 'boolean' ? (
              <Controller
                control={form.control}
                name="value"
                render={({ field }) => (
                  <span className="flex h-10 flex-1 items-center gap-2">
                    <Switch.Root
                      {...a11y}
                      checked={field.value === 'true'}
                      onCheckedChange={(checked) => field.onChange(checked ? 'true' : 'false')}
                      className="relative h-6 w-11 shrink-0 rounded-full border border-input bg-muted transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:bg-primary"
                    >
                      <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-background shadow transition-transform data-[state=checked]:translate-x-5" />
                    </Switch.Root>
                    <span className="text-sm" aria-hidden="true">
                      {field.value === 'true' ? 'On' : 'Off'}
                    </span>
                  </span>
                )}
              />
            ) : setting.dataType === 'json' ? (
              <textarea
                rows={3}
                className="flex-1 rounded-md border border-input bg-background px-3 py-2 font-mono text-sm"
                {...a11y}
                {...form.register('value')}
              />
            ) : (
              <Input
                inputMode={setting.dataType === 'number' ? 'decimal' : undefined}
                className="flex-1"
                {...a11y}
                {...form.register('value')}
              />
            )}
            <Button type="submit" variant="outline" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? 'Saving...' : 'Save'}
            </Button>
          </div>
          {hint && (
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {hint}
            </p>
          )}
          <FieldError id={id} message={errors.value?.message} />
        </form>
      ) : (
        <p className="self-start break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">{setting.value}</p>
      )}
    </li>
  );
}

export default function SystemSettingsPage() {
  useDocumentTitle('System Settings');
  const settings = useQuery(systemSettingsQueryOptions);
  const categories = useMemo(() => {
    const groups = new Map<string, TSystemSetting[]>();
    for (const setting of settings.data?.items ?? []) {
      groups.set(setting.category, [...(groups.get(setting.category) ?? []), setting]);
    }
    return [...groups.entries()];
  }, [settings.data]);
  return (
    <section className="mx-auto w-full max-w-5xl px-4 pb-16 pt-8" aria-labelledby="system-settings-title">
      <h1 id="system-settings-title" className="font-serif text-3xl font-bold tracking-tight">
        System Settings
      </h1>
      <p className="mb-6 mt-1 text-sm text-muted-foreground">
        Every runtime setting, checked by its type before it is saved. A saved value applies at once; each change is
        written to the audit log with its old and new value.
      </p>
      {settings.isPending ? (
        <Skeleton className="h-96 w-full" />
      ) : settings.isError ? (
        <ErrorPanel error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        categories.map(([category, items]) => (
          <section
            key={category}
            aria-labelledby={`category-${category}`}
            className="mb-6 rounded-xl border border-border bg-card px-4"
          >
            <h2 id={`category-${category}`} className="pt-4 font-serif text-xl font-semibold capitalize">
              {category}
            </h2>
            <ul>
              {items.map((setting) => (
                <SettingRow key={setting.key} setting={setting} />
              ))}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
