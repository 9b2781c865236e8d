/**
 * The e-mail categories a reader can opt out of (docs/product/accounts.md#e-mail), as checkboxes. Used by
 * /unsubscribe and the profile. 'Unsubscribe from all' switches every optional e-mail off at once;
 * account and security e-mails (codes, password resets, receipts) are always sent.
 */
import type { TEmailPreferences } from '@shared/auth.schemas';

export const PREFERENCE_CATEGORIES: {
  key: Exclude<keyof TEmailPreferences, 'isUnsubscribedAll'>;
  label: string;
  description: string;
}[] = [
  {
    key: 'marketingEmails',
    label: 'Recommendations and offers',
    description: 'New books we think you will like, and occasional offers.',
  },
  { key: 'trialReminders', label: 'Trial reminders', description: 'A reminder before your free trial ends.' },
  {
    key: 'subscriptionUpdates',
    label: 'Subscription updates',
    description: 'News about your plan, renewals and changes.',
  },
];

export function PreferencesFields({
  idPrefix,
  value,
  onChange,
  disabled,
}: {
  idPrefix: string;
  value: TEmailPreferences;
  onChange: (next: TEmailPreferences) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Send me these emails</legend>
      {PREFERENCE_CATEGORIES.map((category) => {
        const id = `${idPrefix}-${category.key}`;
        return (
          <div key={category.key} className="flex items-start gap-3">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-primary disabled:opacity-50"
              checked={value[category.key] && !value.isUnsubscribedAll}
              disabled={value.isUnsubscribedAll}
              aria-describedby={`${id}-description`}
              onChange={(event) => onChange({ ...value, [category.key]: event.target.checked })}
            />
            <div className="flex flex-col">
              <label htmlFor={id} className="text-sm font-medium">
                {category.label}
              </label>
              <span id={`${id}-description`} className="text-xs text-muted-foreground">
                {category.description}
              </span>
            </div>
          </div>
        );
      })}
      <div className="mt-1 flex items-start gap-3 border-t border-border pt-4">
        <input
          id={`${idPrefix}-all`}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-primary"
          checked={value.isUnsubscribedAll}
          aria-describedby={`${idPrefix}-all-description`}
          onChange={(event) => onChange({ ...value, isUnsubscribedAll: event.target.checked })}
        />
        <div className="flex flex-col">
          <label htmlFor={`${idPrefix}-all`} className="text-sm font-medium">
            Unsubscribe from all optional emails
          </label>
          <span id={`${idPrefix}-all-description`} className="text-xs text-muted-foreground">
            You will still receive emails about your account and security, such as sign-in codes and password resets.
          </span>
        </div>
      </div>
    </fieldset>
  );
}
