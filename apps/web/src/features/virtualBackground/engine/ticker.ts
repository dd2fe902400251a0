/**
 * A steady tick that keeps running in a background tab. A page's own timers and video frame
 * callbacks are throttled to about once a second (or stop) while the tab is hidden, which
 * would freeze the camera others see whenever the person looks at another tab; a worker's
 * timers are not throttled that way. The worker is a blob: (the CSP's worker-src allows it).
 */
const WORKER_SOURCE = `let t=null;onmessage=(e)=>{clearInterval(t);t=e.data>0?setInterval(()=>postMessage(0),e.data):null;};`;

export class Ticker {
  #worker: Worker | null = null;
  #timer: ReturnType<typeof setInterval> | null = null;

  constructor(intervalMs: number, onTick: () => void) {
    try {
      const url = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
      this.#worker = new Worker(url);
      URL.revokeObjectURL(url);
      this.#worker.onmessage = onTick;
      this.#worker.postMessage(intervalMs);
    } catch {
      // No workers (or a stricter policy): a page timer, throttled in background tabs.
      this.#worker = null;
      this.#timer = setInterval(onTick, intervalMs);
    }
  }

  stop(): void {
    this.#worker?.terminate();
    this.#worker = null;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }
}
