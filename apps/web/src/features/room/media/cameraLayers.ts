import { receiveLayerAt, type LayerLevel } from './linkLayers.ts';
import type { MediaSignaling } from './peer.ts';

/**
 * How long viewers get to move to the lower layer before the layers above stop: the media
 * server's key-frame request crosses the lossy uplink, the key frame comes back (a round trip of
 * 300–480 ms on the link issue 17 tests), and a lost packet of it one more round trip later.
 */
export const LAYER_SWITCH_MS = 1_500;

/** The camera publisher as far as its layers go (Publisher.setLayers). */
export interface LayeredCamera {
  setLayers(level: LayerLevel): Promise<boolean>;
}

/**
 * Changes the camera's simulcast layers make-before-break. Fewer layers: the media server moves
 * everyone receiving the camera down first (`send_layer`), and the layers above stop only once
 * they had time to switch — stopping them first left viewers on nothing for 3–4 s while the
 * server noticed, stepped down and waited for key frames (bench/README, the degraded link).
 * More layers: they start first (a new layer starts on a key frame), then viewers may move up.
 * If the server cannot be told, the layers change anyway (the server then falls back by itself).
 */
export async function changeCameraLayers(
  camera: LayeredCamera,
  from: LayerLevel,
  to: LayerLevel,
  signaling: MediaSignaling,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  const tell = () =>
    signaling.request('send_layer', { layer: receiveLayerAt(to) }).then(
      () => true,
      () => false,
    );
  if (to > from) {
    if (await tell()) await wait(LAYER_SWITCH_MS);
    await camera.setLayers(to);
    return;
  }
  await camera.setLayers(to);
  await wait(LAYER_SWITCH_MS);
  await tell();
}
