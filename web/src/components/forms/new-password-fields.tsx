/**
 * "New password" and "Confirm new password", as the reset-password page and the profile's change
 * password form ask for them: same labels, hint, autocomplete and reveal buttons in both places.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';
import { PasswordInput } from './password-input';

export function NewPasswordFields({
  idPrefix,
  password,
  confirmation,
  passwordError,
  confirmationError,
}: {
  /** Makes the two field ids unique on the page. */
  idPrefix: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError?: string;
  confirmationError?: string;
}) {
  return (
    <>
      <FormField id={`${idPrefix}-password`} label="New password" error={passwordError} hint="At least 8 characters.">
        {(a11y) => <PasswordInput {...a11y} {...password} autoComplete="new-password" fieldName="new password" />}
      </FormField>
      <FormField id={`${idPrefix}-confirm-password`} label="Confirm new password" error={confirmationError}>
        {(a11y) => (
          <PasswordInput {...a11y} {...confirmation} autoComplete="new-password" fieldName="confirm new password" />
        )}
      </FormField>
    </>
  );
}
