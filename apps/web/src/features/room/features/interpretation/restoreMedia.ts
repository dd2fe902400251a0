/**
 * Stopping interpreting puts the microphone and camera back as they were before (issue 15):
 * becoming an interpreter turns the camera off (an interpreter publishes audio only) and the
 * interpreter may have switched the microphone on to interpret. Pure: the component
 * (RestoreMedia.tsx) remembers the state and carries out the steps.
 */

export interface DevicesOn {
  microphone: boolean;
  camera: boolean;
}

export interface RestoreStep {
  kind: 'microphone' | 'camera';
  on: boolean;
}

/**
 * The steps that bring the devices from `now` back to `before`, as far as the person may
 * publish now (a device they may no longer send stays off).
 */
export function restoreSteps(
  before: DevicesOn,
  now: DevicesOn,
  canPublish: { audio: boolean; video: boolean },
): RestoreStep[] {
  const steps: RestoreStep[] = [];
  const want = {
    microphone: before.microphone && canPublish.audio,
    camera: before.camera && canPublish.video,
  };
  for (const kind of ['microphone', 'camera'] as const) {
    if (want[kind] !== now[kind]) steps.push({ kind, on: want[kind] });
  }
  return steps;
}
