import type { BuiltInBackground } from './choice.ts';
import ocean from './images/ocean.jpg';
import office from './images/office.jpg';
import studio from './images/studio.jpg';
import sunset from './images/sunset.jpg';

/**
 * The built-in backgrounds: small 1280×720 JPEGs made for Podium (ffmpeg-drawn gradients and a
 * plain room, about 8-12 KB each; the commands are in README.md), served from the build.
 */
export const BUILT_IN_IMAGES: Readonly<Record<BuiltInBackground, string>> = {
  office,
  sunset,
  ocean,
  studio,
};
