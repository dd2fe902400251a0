import { describe, expect, it } from 'vitest';
import { restoreSteps } from './restoreMedia.ts';

const ALLOWED = { audio: true, video: true };

describe('stopping interpreting restores the devices from before', () => {
  it('turns the camera back on and the microphone back off as they were', () => {
    expect(
      restoreSteps(
        { microphone: false, camera: true },
        { microphone: true, camera: false },
        ALLOWED,
      ),
    ).toEqual([
      { kind: 'microphone', on: false },
      { kind: 'camera', on: true },
    ]);
  });

  it('does nothing when they already are as before', () => {
    const same = { microphone: true, camera: false };
    expect(restoreSteps(same, same, ALLOWED)).toEqual([]);
  });

  it('leaves off what may not be sent any more', () => {
    expect(
      restoreSteps(
        { microphone: true, camera: true },
        { microphone: false, camera: false },
        { audio: true, video: false },
      ),
    ).toEqual([{ kind: 'microphone', on: true }]);
  });
});
