import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDevice, TDeviceList } from '@shared/devices';
import {
  clearToasts,
  currentToast,
  makeUser,
  mockApi,
  problem,
  renderPage,
  type TApiHandler,
} from '@web/features/auth/test-utils';
import {
  fakeEngine,
  registerThisDeviceForOffline,
  wipeThisDeviceDownloads,
} from '@web/features/offline/fake-offline-engine';
import { makeEntitlements } from '@web/features/selections/test-fixtures';
import { deleteDb } from '@web/storage/db';
import { saveBrowserDevice } from '@web/storage/device-store';
import DevicesPage from './devices-page';
import { apiPath } from '@web/lib/api-test-support';

vi.mock('@web/features/offline/offline-engine', () => import('@web/features/offline/fake-offline-engine'));

const THIS_DEVICE_ID = '0b9c7a1e-1111-4111-8111-111111111111';
const OTHER_DEVICE_ID = '0b9c7a1e-2222-4222-8222-222222222222';

function makeDevice(overrides: Partial<TDevice> = {}): TDevice {
  return {
    id: OTHER_DEVICE_ID,
    name: 'Firefox on Android',
    isOfflineRegistered: true,
    registeredAt: '2026-03-01T10:00:00.000Z',
    lastActiveAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
    createdAt: '2026-03-01T10:00:00.000Z',
    booksOffline: 3,
    licenseExpiresAt: '2026-04-05T10:00:00.000Z',
    userAgent: null,
    overCap: false,
    ...overrides,
  };
}

beforeEach(async () => {
  await deleteDb();
  fakeEngine.reset();
});
afterEach(() => {
  clearToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDevices({
  tier = 'premium' as const,
  list,
  routes = {},
}: {
  tier?: 'trial' | 'basic' | 'premium';
  list?: TDeviceList;
  routes?: Record<string, TApiHandler>;
} = {}) {
  const api = mockApi({
    [`GET ${apiPath('/auth/user')}`]: () => makeUser({ subscriptionTier: tier }),
    [`GET ${apiPath('/me/entitlements')}`]: () =>
      makeEntitlements({ tier, deviceCap: tier === 'premium' ? 5 : tier === 'basic' ? 2 : 0 }),
    [`GET ${apiPath('/devices')}`]: () =>
      list ?? { items: [], cap: tier === 'premium' ? 5 : tier === 'basic' ? 2 : 0, used: 0 },
    ...routes,
  });
  return { api, ...renderPage(<DevicesPage />, { route: '/devices' }) };
}

async function markThisBrowser(offlineRegistered = true) {
  await saveBrowserDevice({ userId: 'user-1', deviceId: THIS_DEVICE_ID, thumbprint: 'thumb', offlineRegistered });
}

describe('/devices', () => {
  it('lists the devices with the cap, marks this device and says it is registered', async () => {
    await markThisBrowser();
    renderDevices({
      tier: 'basic',
      list: {
        items: [makeDevice({ id: THIS_DEVICE_ID, name: 'Chrome on Linux', booksOffline: 1 }), makeDevice()],
        cap: 2,
        used: 2,
      },
    });
    const list = await screen.findByRole('list', { name: 'Your offline devices' });
    // Which row is this browser comes from IndexedDB, which may answer a moment after the list.
    await waitFor(() =>
      expect(within(within(list).getAllByRole('listitem')[0]!).getByText('This device')).toBeInTheDocument(),
    );
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('This device')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('3 books')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1 book')).toBeInTheDocument();
    expect(screen.getByTestId('device-cap')).toHaveTextContent('2 of 2 devices used on the Basic plan');
    expect(await screen.findByText(/This browser is registered for offline reading/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register this browser' })).not.toBeInTheDocument();
  });

  it("marks the devices past the plan's cap after a downgrade and says what to do", async () => {
    renderDevices({
      tier: 'basic',
      list: {
        items: [
          makeDevice({ name: 'Laptop' }),
          makeDevice({ id: THIS_DEVICE_ID, name: 'Phone' }),
          makeDevice({ id: THIS_DEVICE_ID.replace('1111', '4444'), name: 'Tablet', overCap: true }),
        ],
        cap: 2,
        used: 3,
      },
    });
    const list = await screen.findByRole('list', { name: 'Your offline devices' });
    const [laptop, phone, tablet] = within(list).getAllByRole('listitem');
    expect(within(laptop!).queryByText("Over your plan's limit")).not.toBeInTheDocument();
    expect(within(phone!).queryByText("Over your plan's limit")).not.toBeInTheDocument();
    expect(within(tablet!).getByText("Over your plan's limit")).toBeInTheDocument();
    expect(tablet).toHaveTextContent("This one can't download or renew books until you remove another device.");
    expect(screen.getByTestId('device-cap')).toHaveTextContent('3 devices registered; the Basic plan allows 2');
  });

  it('tells this browser, when it is past the cap, to remove another device instead of inviting downloads', async () => {
    await markThisBrowser();
    renderDevices({
      tier: 'basic',
      list: {
        items: [
          makeDevice({ name: 'Laptop' }),
          makeDevice({ id: THIS_DEVICE_ID.replace('1111', '4444'), name: 'Tablet' }),
          makeDevice({ id: THIS_DEVICE_ID, name: 'Phone', overCap: true }),
        ],
        cap: 2,
        used: 3,
      },
    });
    expect(await screen.findByTestId('this-device-over-cap')).toHaveTextContent(
      'Your Basic plan allows 2 offline devices and this one is past that. Remove another device on the Devices page to read offline here.',
    );
    expect(screen.queryByText(/Use “Download for offline” on a book/)).not.toBeInTheDocument();
  });

  it('tells a trial reader offline reading needs Basic or Premium, without a register form', async () => {
    renderDevices({ tier: 'trial' });
    const panel = await screen.findByTestId('offline-needs-plan');
    expect(panel).toHaveTextContent('Offline reading needs the Basic or Premium plan.');
    expect(within(panel).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByRole('button', { name: 'Register this browser' })).not.toBeInTheDocument();
    expect(await screen.findByText('No devices registered yet')).toBeInTheDocument();
  });

  it('shows the cap message instead of the form when every device of the plan is used', async () => {
    renderDevices({
      tier: 'basic',
      list: {
        items: [makeDevice(), makeDevice({ id: THIS_DEVICE_ID.replace('1111', '3333'), name: 'iPad' })],
        cap: 2,
        used: 2,
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'All 2 devices of the Basic plan are registered. Remove one below to register this browser.',
    );
    expect(screen.queryByRole('button', { name: 'Register this browser' })).not.toBeInTheDocument();
  });

  it('registers this browser with the prefilled name after checking it', async () => {
    const user = userEvent.setup();
    renderDevices();
    const field = await screen.findByLabelText('Name for this browser');
    expect(field).toHaveValue('Chrome on Linux');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Register this browser' }));
    expect(await screen.findByText('Name must not be empty')).toBeInTheDocument();
    expect(registerThisDeviceForOffline).not.toHaveBeenCalled();

    await user.type(field, 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Register this browser' }));
    expect(await screen.findByText('Name must be at most 60 characters')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '  Work laptop ');
    await user.click(screen.getByRole('button', { name: 'Register this browser' }));
    await waitFor(() =>
      expect(registerThisDeviceForOffline).toHaveBeenCalledWith({ userId: 'user-1', name: 'Work laptop' }),
    );
    await waitFor(() => expect(currentToast()?.title).toBe('This browser is registered'));
  });

  it("shows the server's refusal when registration is refused", async () => {
    const user = userEvent.setup();
    const { ApiError } = await import('@web/lib/api');
    registerThisDeviceForOffline.mockRejectedValueOnce(
      new ApiError(
        409,
        'Conflict',
        JSON.stringify({
          status: 409,
          detail: 'You can register up to 2 devices on the Basic plan. Remove one on the Devices page to add this one.',
        }),
      ),
    );
    renderDevices({ tier: 'basic' });
    await user.click(await screen.findByRole('button', { name: 'Register this browser' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can register up to 2 devices on the Basic plan.');
  });

  it('renames a device through PATCH /api/devices/:id and refreshes the list', async () => {
    const user = userEvent.setup();
    let name = 'Firefox on Android';
    const { api } = renderDevices({
      routes: {
        [`GET ${apiPath('/devices')}`]: () => ({ items: [makeDevice({ name })], cap: 5, used: 1 }),
        [`PATCH ${apiPath('/devices/0b9c7a1e-2222-4222-8222-222222222222')}`]: (call) => {
          name = (call.body as { name: string }).name;
          return makeDevice({ name });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename Firefox on Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename device' });
    const field = within(dialog).getByLabelText('Device name');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Name must not be empty')).toBeInTheDocument();
    expect(api.callsTo('PATCH', apiPath(`/devices/${OTHER_DEVICE_ID}`))).toHaveLength(0);

    await user.type(field, 'Phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(api.callsTo('PATCH', apiPath(`/devices/${OTHER_DEVICE_ID}`))).toHaveLength(1));
    expect(api.callsTo('PATCH', apiPath(`/devices/${OTHER_DEVICE_ID}`))[0]!.body).toEqual({ name: 'Phone' });
    expect(await screen.findByRole('listitem', { name: 'Phone' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server field error when a rename is refused', async () => {
    const user = userEvent.setup();
    renderDevices({
      routes: {
        [`GET ${apiPath('/devices')}`]: () => ({ items: [makeDevice()], cap: 5, used: 1 }),
        [`PATCH ${apiPath('/devices/0b9c7a1e-2222-4222-8222-222222222222')}`]: () => problem(404, 'Device not found'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename Firefox on Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename device' });
    await user.type(within(dialog).getByLabelText('Device name'), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Device not found')).toBeInTheDocument();
  });

  it('removes another device after confirming, without touching this browser’s downloads', async () => {
    const user = userEvent.setup();
    await markThisBrowser();
    let items = [makeDevice({ id: THIS_DEVICE_ID, name: 'Chrome on Linux' }), makeDevice()];
    const { api } = renderDevices({
      routes: {
        [`GET ${apiPath('/devices')}`]: () => ({ items, cap: 5, used: items.length }),
        [`DELETE ${apiPath('/devices/0b9c7a1e-2222-4222-8222-222222222222')}`]: () => {
          items = items.filter((device) => device.id !== OTHER_DEVICE_ID);
          return new Response(null, { status: 204 });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Firefox on Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Firefox on Android”?' });
    expect(dialog).toHaveTextContent('Its 3 books held offline will stop opening');
    await user.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    await waitFor(() => expect(api.callsTo('DELETE', apiPath(`/devices/${OTHER_DEVICE_ID}`))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Firefox on Android' })).not.toBeInTheDocument());
    expect(wipeThisDeviceDownloads).not.toHaveBeenCalled();
    expect(currentToast()?.title).toBe('Device removed');
  });

  it('wipes the local downloads when this browser itself is removed', async () => {
    const user = userEvent.setup();
    await markThisBrowser();
    const { api } = renderDevices({
      routes: {
        [`GET ${apiPath('/devices')}`]: () => ({
          items: [makeDevice({ id: THIS_DEVICE_ID, name: 'Chrome on Linux' })],
          cap: 5,
          used: 1,
        }),
        [`DELETE ${apiPath('/devices/0b9c7a1e-1111-4111-8111-111111111111')}`]: () =>
          new Response(null, { status: 204 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Linux' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This is the browser you are using');
    await user.click(within(dialog).getByRole('button', { name: 'Remove device' }));
    await waitFor(() => expect(wipeThisDeviceDownloads).toHaveBeenCalledWith('user-1'));
    expect(api.callsTo('DELETE', apiPath(`/devices/${THIS_DEVICE_ID}`))).toHaveLength(1);
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Device removed',
        description: 'This browser is no longer registered and its downloaded books have been deleted.',
      }),
    );
  });

  it('does not wipe anything when the server refuses the removal', async () => {
    const user = userEvent.setup();
    await markThisBrowser();
    renderDevices({
      routes: {
        [`GET ${apiPath('/devices')}`]: () => ({
          items: [makeDevice({ id: THIS_DEVICE_ID, name: 'Chrome on Linux' })],
          cap: 5,
          used: 1,
        }),
        [`DELETE ${apiPath('/devices/0b9c7a1e-1111-4111-8111-111111111111')}`]: () => problem(404, 'Device not found'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Linux' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove device' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: "Couldn't remove this device", description: 'Device not found' }),
    );
    expect(wipeThisDeviceDownloads).not.toHaveBeenCalled();
  });

  it('makes no device request while offline and says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { api } = renderDevices();
    expect(await screen.findByText("You're offline")).toBeInTheDocument();
    expect(api.callsTo('GET', apiPath('/devices'))).toHaveLength(0);
    expect(currentToast()).toBeNull();
  });
});
