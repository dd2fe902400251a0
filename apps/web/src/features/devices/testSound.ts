/** How long the speaker test plays: two short tones, long enough to hear, short enough not to annoy. */
export const TEST_SOUND_MS = 1200;

/** The two tones (Hz) and when each starts (s); a rising pair is easy to tell from noise. */
export const TEST_TONES: ReadonlyArray<{ hz: number; at: number; length: number }> = [
  { hz: 660, at: 0, length: 0.45 },
  { hz: 880, at: 0.6, length: 0.45 },
];

/**
 * Plays the test sound on `speakerId` (the default output when null or when the browser cannot
 * choose one). The tones are made with WebAudio and played through an <audio> element, because
 * only a media element can be sent to a chosen output in every browser that allows choosing.
 * Resolves when the sound has finished.
 */
export async function playTestSound(speakerId: string | null): Promise<void> {
  const context = new AudioContext();
  try {
    const destination = context.createMediaStreamDestination();
    const gain = context.createGain();
    gain.gain.value = 0.2;
    gain.connect(destination);
    const start = context.currentTime + 0.05;
    for (const tone of TEST_TONES) {
      const osc = context.createOscillator();
      osc.frequency.value = tone.hz;
      osc.connect(gain);
      osc.start(start + tone.at);
      osc.stop(start + tone.at + tone.length);
    }
    const audio = new Audio();
    audio.srcObject = destination.stream;
    // setSinkId is missing in browsers that cannot choose an output (supportsSpeakerSelection).
    if (speakerId && 'setSinkId' in audio) await audio.setSinkId(speakerId);
    await audio.play();
    await new Promise((resolve) => setTimeout(resolve, TEST_SOUND_MS));
    audio.pause();
    audio.srcObject = null;
  } finally {
    await context.close();
  }
}
