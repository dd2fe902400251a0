/** Device lists for the pre-join selectors, from enumerateDevices. */
export interface DeviceOption {
  deviceId: string;
  label: string;
}

export interface DeviceLists {
  cameras: DeviceOption[];
  microphones: DeviceOption[];
  speakers: DeviceOption[];
}

export const EMPTY_DEVICES: DeviceLists = { cameras: [], microphones: [], speakers: [] };

type DeviceInfoLike = Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label'>;

/**
 * Groups devices by kind. Browsers hide labels until a device was granted, and list the
 * `default`/`communications` aliases of another entry; unnamed devices are numbered through
 * `fallbackLabel` and the aliases are kept only when they are the only entry of their kind.
 */
export function groupDevices(
  devices: readonly DeviceInfoLike[],
  fallbackLabel: (kind: keyof DeviceLists, n: number) => string,
): DeviceLists {
  const lists: DeviceLists = { cameras: [], microphones: [], speakers: [] };
  const kinds: Record<string, keyof DeviceLists> = {
    videoinput: 'cameras',
    audioinput: 'microphones',
    audiooutput: 'speakers',
  };
  for (const device of devices) {
    const kind = kinds[device.kind];
    if (!kind || !device.deviceId) continue;
    const list = lists[kind];
    if (list.some((d) => d.deviceId === device.deviceId)) continue;
    list.push({ deviceId: device.deviceId, label: device.label.trim() });
  }
  for (const kind of Object.keys(lists) as (keyof DeviceLists)[]) {
    const real = lists[kind].filter(
      (d) => d.deviceId !== 'default' && d.deviceId !== 'communications',
    );
    if (real.length) lists[kind] = real;
    lists[kind] = lists[kind].map((d, i) => ({
      ...d,
      label: d.label || fallbackLabel(kind, i + 1),
    }));
  }
  return lists;
}

/** The chosen device when it is still connected, else the first one (or none). */
export function pickDevice(list: readonly DeviceOption[], preferred: string | null): string | null {
  if (preferred && list.some((d) => d.deviceId === preferred)) return preferred;
  return list[0]?.deviceId ?? null;
}
