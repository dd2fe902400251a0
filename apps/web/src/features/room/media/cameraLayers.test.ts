import { describe, expect, it } from 'vitest';
import { changeCameraLayers, LAYER_SWITCH_MS, type LayeredCamera } from './cameraLayers.ts';
import type { MediaSignaling } from './peer.ts';

/** What happened, in order: the server told, the waits, the camera's layer changes. */
function harness(serverAnswers = true) {
  const log: string[] = [];
  const camera: LayeredCamera = {
    setLayers: async (level) => {
      log.push(`camera ${level}`);
      return true;
    },
  };
  const signaling: MediaSignaling = {
    request: (async (type: string, payload: { layer: number }) => {
      log.push(`${type} ${payload.layer}`);
      if (!serverAnswers) throw new Error('media unavailable');
      return {};
    }) as MediaSignaling['request'],
  };
  const wait = async (ms: number) => {
    log.push(`wait ${ms}`);
  };
  return { log, camera, signaling, wait };
}

describe('changing the camera layers make-before-break', () => {
  it('moves viewers down before the layers above stop', async () => {
    const { log, camera, signaling, wait } = harness();
    await changeCameraLayers(camera, 0, 2, signaling, wait);
    expect(log).toEqual(['send_layer 0', `wait ${LAYER_SWITCH_MS}`, 'camera 2']);
    log.length = 0;
    await changeCameraLayers(camera, 0, 1, signaling, wait);
    expect(log).toEqual(['send_layer 1', `wait ${LAYER_SWITCH_MS}`, 'camera 1']);
  });

  it('starts the layers before viewers may move up', async () => {
    const { log, camera, signaling, wait } = harness();
    await changeCameraLayers(camera, 2, 0, signaling, wait);
    expect(log).toEqual(['camera 0', `wait ${LAYER_SWITCH_MS}`, 'send_layer 2']);
  });

  it('changes the layers anyway, without waiting, when the server cannot be told', async () => {
    const { log, camera, signaling, wait } = harness(false);
    await changeCameraLayers(camera, 0, 2, signaling, wait);
    expect(log).toEqual(['send_layer 0', 'camera 2']);
  });
});
