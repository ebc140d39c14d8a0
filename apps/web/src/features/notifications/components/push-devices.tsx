import { PUSH_MESSAGES, type PushDevice } from '@pathwise/contract';
import { BusyButton } from '../../../components/busy-button';
import { Callout, ErrorBox } from '../../../components/callout';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { Loading } from '../../../components/loading';
import { RelativeTime } from '../../../components/relative-time';
import { failureMessage } from '../../../lib/api-client';
import { usePushDevices, usePushOnThisDevice, useRemovePushDevice } from '../api/push-queries';

/** This browser: turn push on, or why it cannot be. */
function ThisDevice({ push }: { push: ReturnType<typeof usePushOnThisDevice> }) {
  const { support, endpoint, enable } = push;
  if (support === null) return <Loading label="Checking this browser..." compact />;
  if (support === 'unsupported') return <p className="text-sm text-slate-600">{PUSH_MESSAGES.unsupported}</p>;
  if (support === 'denied') return <Callout tone="warning">{PUSH_MESSAGES.denied}</Callout>;
  if (support === 'granted' && endpoint)
    return <p className="text-sm text-slate-700">{PUSH_MESSAGES.enabled}</p>;
  return (
    <div className="space-y-2">
      <BusyButton
        type="button"
        className="btn-secondary"
        busy={enable.isPending}
        onClick={() => enable.mutate()}
      >
        Turn on push on this device
      </BusyButton>
      {enable.isError && <ErrorBox title={PUSH_MESSAGES.enableFailed}>{enable.error.message}</ErrorBox>}
    </div>
  );
}

/**
 * Settings → Notifications: push on this browser, and the devices that receive push, each removable.
 * The browser's permission is asked only when the person clicks, never on its own.
 */
export function PushDevices() {
  const push = usePushOnThisDevice();
  const devices = usePushDevices();
  const remove = useRemovePushDevice();

  const removeDevice = (device: PushDevice) =>
    remove.mutate(device, { onSuccess: () => device.endpoint === push.endpoint && push.forget() });

  return (
    <div className="space-y-3">
      <h3 className="font-medium text-slate-900">Push notifications</h3>
      <ThisDevice push={push} />
      <h4 className="text-sm font-medium text-slate-700">Devices that receive push</h4>
      {devices.isPending ? (
        <Loading label="Loading your devices..." compact />
      ) : !devices.data ? (
        <ErrorWithRetry onRetry={() => void devices.refetch()}>{PUSH_MESSAGES.loadFailed}</ErrorWithRetry>
      ) : devices.data.length === 0 ? (
        <p className="text-sm text-slate-600">{PUSH_MESSAGES.noDevices}</p>
      ) : (
        <ul aria-label="Devices that receive push" className="divide-y divide-slate-100">
          {devices.data.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 text-sm text-slate-900">
                {device.device}
                {device.endpoint === push.endpoint && <span className="text-slate-600"> (this device)</span>}
                <span className="block text-xs text-slate-600">
                  Added <RelativeTime value={device.createdAt} />
                </span>
              </span>
              <BusyButton
                type="button"
                className="btn-secondary text-sm"
                busy={remove.isPending && remove.variables?.id === device.id}
                aria-label={`Remove ${device.device}`}
                onClick={() => removeDevice(device)}
              >
                Remove
              </BusyButton>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && (
        <ErrorBox title={PUSH_MESSAGES.removeFailed}>{failureMessage(remove.error)}</ErrorBox>
      )}
    </div>
  );
}
