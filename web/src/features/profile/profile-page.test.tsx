import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  clearToasts,
  currentToast,
  makeUser,
  mockApi,
  problem,
  renderPage,
  type TApiHandler,
} from '@web/features/auth/test-utils';
import { FLASH_TOAST_KEY } from '@web/features/auth/flash-toast';
import ProfilePage from './profile-page';
import { AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE, EXPORT_FILE_NAME, exportFileName, type TProfile } from './queries';
import { apiPath } from '@web/lib/api-test-support';

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  clearToasts();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PROFILE: TProfile = {
  ...makeUser(),
  phoneNumber: '+447400123456',
  countryCode: 'GB',
  username: 'ada',
  createdAt: '2024-03-01T10:00:00.000Z',
};
const PREFS = { marketingEmails: true, trialReminders: true, subscriptionUpdates: true, isUnsubscribedAll: false };

function renderProfile(routes: Record<string, TApiHandler> = {}) {
  const api = mockApi({
    [`GET ${apiPath('/auth/user')}`]: () => makeUser(),
    [`GET ${apiPath('/me')}`]: () => PROFILE,
    [`GET ${apiPath('/me/email-preferences')}`]: () => PREFS,
    ...routes,
  });
  const view = renderPage(<ProfilePage />, { route: '/profile' });
  return { api, ...view };
}

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('/profile', () => {
  it('shows a loading state, then the details', async () => {
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your profile...');
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Phone number')).toHaveValue('+44 7400 123456');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByText(/Member since/)).toBeInTheDocument();
  });

  it('shows an error with a retry when the profile cannot be read', async () => {
    let fail = true;
    renderProfile({ [`GET ${apiPath('/me')}`]: () => (fail ? new Response('down', { status: 503 }) : PROFILE) });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Your profile could not be loaded.');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
  });

  it('validates the details and sends nothing when they are wrong', async () => {
    const { api } = renderProfile();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('First name'));
    const phone = screen.getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '0740');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH', apiPath('/me'))).toHaveLength(0);
  });

  it('saves names and phone with PATCH /api/me', async () => {
    const { api } = renderProfile({ [`PATCH ${apiPath('/me')}`]: () => ({ ...PROFILE, firstName: 'Augusta' }) });
    const user = userEvent.setup();
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', apiPath('/me'))).toHaveLength(1));
    expect(api.callsTo('PATCH', apiPath('/me'))[0].body).toEqual({ firstName: 'Augusta', lastName: 'Lovelace' });
    await waitFor(() => expect(currentToast()?.title).toBe('Profile updated'));
  });

  it('sends a changed phone in E.164 with the country it belongs to', async () => {
    const { api } = renderProfile({ [`PATCH ${apiPath('/me')}`]: () => PROFILE });
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '+33612345678');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', apiPath('/me'))).toHaveLength(1));
    expect(api.callsTo('PATCH', apiPath('/me'))[0].body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+33612345678',
      countryCode: 'FR',
    });
  });

  it('does not let a stored number the phone check now refuses block a name change', async () => {
    const { api } = renderProfile({
      [`GET ${apiPath('/me')}`]: () => ({ ...PROFILE, phoneNumber: '+447700900006' }),
      [`PATCH ${apiPath('/me')}`]: () => PROFILE,
    });
    const user = userEvent.setup();
    const last = await screen.findByLabelText('Last name');
    await user.type(last, '-King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', apiPath('/me'))).toHaveLength(1));
    expect(api.callsTo('PATCH', apiPath('/me'))[0].body).toEqual({ firstName: 'Ada', lastName: 'Lovelace-King' });
  });

  it('checks the avatar type and size before uploading, previews it, then PUTs multipart', async () => {
    const { api } = renderProfile({
      [`PUT ${apiPath('/me/avatar')}`]: () => ({ profileImageUrl: apiPath('/me/avatar/1.png') }),
    });
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByLabelText('First name');
    const input = screen.getByLabelText('Choose a profile photo');

    await user.upload(input, new File(['gif'], 'cat.gif', { type: 'image/gif' }));
    expect(await screen.findByText(AVATAR_TYPE_MESSAGE)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText(AVATAR_SIZE_MESSAGE)).toBeInTheDocument();

    await user.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByAltText('Preview of your new profile picture')).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    await waitFor(() => expect(api.callsTo('PUT', apiPath('/me/avatar'))).toHaveLength(1));
    const body = api.callsTo('PUT', apiPath('/me/avatar'))[0].body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(api.callsTo('PUT', apiPath('/me/avatar'))[0].init).toMatchObject({ credentials: 'include' });
    await waitFor(() => expect(currentToast()?.title).toBe('Photo updated'));
  });

  it('changes the password: validates, sends, and reports a wrong current password on its field', async () => {
    let answer: Response | object = problem(400, 'Your current password is not correct.');
    const { api } = renderProfile({ [`PUT ${apiPath('/me/password')}`]: () => answer });
    const user = userEvent.setup();
    await screen.findByLabelText('First name');
    const password = section('Password');
    await user.type(password.getByLabelText('Current password'), 'old secret');
    await user.type(password.getByLabelText('New password'), 'new secret 1');
    await user.type(password.getByLabelText('Confirm new password'), 'new secret 2');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('PUT', apiPath('/me/password'))).toHaveLength(0);

    await user.clear(password.getByLabelText('Confirm new password'));
    await user.type(password.getByLabelText('Confirm new password'), 'new secret 1');
    await user.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('Your current password is not correct.')).toBeInTheDocument();
    expect(api.callsTo('PUT', apiPath('/me/password'))[0].body).toEqual({
      currentPassword: 'old secret',
      newPassword: 'new secret 1',
      confirmPassword: 'new secret 1',
    });

    answer = { success: true, message: 'Password changed' };
    await user.click(password.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Password changed'));
    expect(password.getByLabelText('Current password')).toHaveValue('');
  });

  it('reads and saves the e-mail preferences', async () => {
    const { api } = renderProfile({
      [`GET ${apiPath('/me/email-preferences')}`]: () => ({ ...PREFS, unsubscribedAt: null }),
      [`PUT ${apiPath('/me/email-preferences')}`]: ({ body }) => ({ ...(body as object), unsubscribedAt: null }),
    });
    const user = userEvent.setup();
    await screen.findByLabelText('First name');
    const emails = section('Email preferences');
    const trial = await emails.findByLabelText('Trial reminders');
    expect(trial).toBeChecked();
    expect(emails.getByRole('button', { name: 'Save preferences' })).toBeDisabled();
    await user.click(trial);
    await user.click(emails.getByRole('button', { name: 'Save preferences' }));
    await waitFor(() => expect(api.callsTo('PUT', apiPath('/me/email-preferences'))).toHaveLength(1));
    expect(api.callsTo('PUT', apiPath('/me/email-preferences'))[0].body).toEqual({ ...PREFS, trialReminders: false });
  });

  it('downloads my data as a JSON file', async () => {
    const { api } = renderProfile({
      [`GET ${apiPath('/me/export')}`]: () =>
        new Response('{"user":{}}', {
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="wonderful-books-my-data-2025-06-01.json"',
          },
        }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('wonderful-books-my-data-2025-06-01.json');
      expect(this.href).toBe('blob:preview');
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.callsTo('GET', apiPath('/me/export'))[0].init).toMatchObject({ credentials: 'include' });
  });

  it('names the export file from Content-Disposition, else a default', () => {
    expect(exportFileName('attachment; filename="wonderful-books-my-data-2025-06-01.json"')).toBe(
      'wonderful-books-my-data-2025-06-01.json',
    );
    expect(exportFileName('attachment; filename="../../evil.sh"')).toBe(EXPORT_FILE_NAME);
    expect(exportFileName(null)).toBe(EXPORT_FILE_NAME);
  });

  it('deletes the account only after the password and DELETE are given, then clears the user and reloads /', async () => {
    let answer: Response = problem(403, 'Incorrect password.');
    const { api, queryClient } = renderProfile({ [`DELETE ${apiPath('/me')}`]: () => answer });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/This cannot be undone/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Type DELETE to confirm')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Your password'), 'secret');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(await within(dialog).findByText('Type DELETE to confirm', { selector: 'span' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', apiPath('/me'))).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(await within(dialog).findByText('Incorrect password.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    answer = new Response(null, { status: 204 });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.callsTo('DELETE', apiPath('/me')).at(-1)!.body).toEqual({ password: 'secret', confirmation: 'DELETE' });
    expect(queryClient.getQueryData(['auth', 'user'])).toBeNull();
    expect(queryClient.getQueryData(['me'])).toBeUndefined();
    expect(JSON.parse(sessionStorage.getItem(FLASH_TOAST_KEY)!).title).toBe('Account deleted');
  });

  it('closes the delete dialog on Cancel without deleting', async () => {
    const { api } = renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', apiPath('/me'))).toHaveLength(0);
  });
});
