/**
 * A soft two-tone ring while a call waits for the agent, made with Web Audio (no sound file to
 * ship). Browsers may keep audio suspended until the page was interacted with; then it stays
 * silent and the dialog alone announces the call. Returns the function that stops it.
 */
export function startRingTone(): () => void {
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext as typeof AudioContext | undefined);
  if (!Context) return () => undefined;
  let context: AudioContext;
  try {
    context = new Context();
  } catch {
    return () => undefined;
  }
  const gain = context.createGain();
  gain.gain.value = 0;
  gain.connect(context.destination);
  const tones = [440, 480].map((frequency) => {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    oscillator.start();
    return oscillator;
  });
  // 1 s on, 2 s off, scheduled a minute ahead and again each minute.
  const schedule = () => {
    const now = context.currentTime;
    for (let s = 0; s < 60; s += 3) {
      gain.gain.setValueAtTime(0.08, now + s);
      gain.gain.setValueAtTime(0, now + s + 1);
    }
  };
  schedule();
  const timer = window.setInterval(schedule, 60_000);
  return () => {
    window.clearInterval(timer);
    for (const tone of tones) tone.stop();
    void context.close().catch(() => undefined);
  };
}
