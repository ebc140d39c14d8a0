import { PUSH_MESSAGES, type PushDevice } from '@pathwise/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { addPushDevice, fetchPushDevices, fetchPushPublicKey, removePushDevice } from './notifications-api';

const devicesKey = ['push-devices'] as const;

export function usePushDevices() {
  return useQuery({ queryKey: devicesKey, queryFn: ({ signal }) => fetchPushDevices(signal) });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (device: PushDevice) => {
      await removePushDevice(device.id);
      // This browser's own subscription goes too, so it stops receiving anything at all.
      const subscription = await currentSubscription();
      if (subscription?.endpoint === device.endpoint) await subscription.unsubscribe();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });
}

/**
 * What this browser can do: no push at all (`unsupported`: no service worker or Push API, or the app's
 * worker is not installed), blocked by the person (`denied`), or askable/allowed.
 */
export type PushSupport = 'unsupported' | NotificationPermission;

/** How long to wait for the app's service worker, which registers just after the first paint. */
const WORKER_WAIT_MS = 5_000;

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || typeof Notification === 'undefined') return undefined;
  const found =
    (await navigator.serviceWorker.getRegistration()) ??
    (await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<undefined>((resolve) => setTimeout(resolve, WORKER_WAIT_MS)),
    ]));
  return found && 'pushManager' in found ? found : undefined;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android": what the devices list calls this browser. */
function deviceName(): string {
  const agent = navigator.userAgent;
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'A browser';
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}

/**
 * Push on this device: whether it can, whether it is subscribed (its endpoint), and `enable`, which asks
 * for the permission, subscribes with the server's key and registers the device.
 */
export function usePushOnThisDevice() {
  const queryClient = useQueryClient();
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [endpoint, setEndpoint] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const found = await registration();
      const subscription = await found?.pushManager.getSubscription();
      if (!live) return;
      setSupport(found ? Notification.permission : 'unsupported');
      setEndpoint(subscription?.endpoint ?? null);
    })();
    return () => {
      live = false;
    };
  }, []);

  const enable = useMutation({
    mutationFn: async () => {
      const permission = await Notification.requestPermission();
      setSupport(permission);
      if (permission !== 'granted') return null;
      const found = await registration();
      if (!found) throw new Error(PUSH_MESSAGES.unsupported);
      const { publicKey } = await fetchPushPublicKey();
      const subscription =
        (await found.pushManager.getSubscription()) ??
        (await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
      const { endpoint: given, expirationTime, keys } = subscription.toJSON();
      const device = await addPushDevice({
        endpoint: given ?? subscription.endpoint,
        expirationTime: expirationTime ?? null,
        keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
        device: deviceName(),
      });
      setEndpoint(device.endpoint);
      return device;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKey }),
  });

  const forget = useCallback(() => setEndpoint(null), []);
  return { support, endpoint, enable, forget };
}
