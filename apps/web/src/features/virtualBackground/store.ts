import {
  NO_BACKGROUND,
  fallbackEnabled,
  loadChoice,
  saveChoice,
  saveCustomImage,
  sameChoice,
  type BackgroundChoice,
  type KeyValueStore,
} from './choice.ts';

/** Why the background went off or was not kept, shown to the person (en/vi in i18n.ts). */
export type BackgroundNotice = 'too_slow' | 'failed' | 'not_saved';

export interface BackgroundState {
  choice: BackgroundChoice;
  /** The person's own image as a data: URL (downscaled), if they uploaded one. */
  customImage: string | null;
  /** Loading the model after a choice; false once processing runs or is off. */
  loading: boolean;
  notice: BackgroundNotice | null;
}

/**
 * The chosen background of this browser, without React: shared by the pre-join page and the
 * call (a choice made before joining applies in the call), remembered in localStorage.
 */
export class BackgroundStore {
  #storage: KeyValueStore | null;
  #state: BackgroundState;
  #listeners = new Set<() => void>();

  constructor(storage: KeyValueStore | null) {
    this.#storage = storage;
    const stored = storage ? loadChoice(storage) : { choice: NO_BACKGROUND, customImage: null };
    this.#state = { ...stored, loading: false, notice: null };
  }

  getState = (): BackgroundState => this.#state;

  /** Whether a too-slow effect turns itself off here (FALLBACK_KEY). */
  get fallback(): boolean {
    return fallbackEnabled(this.#storage);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(patch: Partial<BackgroundState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of [...this.#listeners]) listener();
  }

  choose(choice: BackgroundChoice): void {
    if (choice.kind === 'custom' && !this.#state.customImage) return;
    const saved = !this.#storage || saveChoice(this.#storage, choice);
    if (sameChoice(choice, this.#state.choice)) return;
    this.#set({
      choice,
      loading: choice.kind !== 'none' && this.#state.choice.kind === 'none',
      notice: saved ? null : 'not_saved',
    });
  }

  /** Their own image (already downscaled): kept and chosen. */
  setCustomImage(dataUrl: string): void {
    const saved = !this.#storage || saveCustomImage(this.#storage, dataUrl);
    this.#set({ customImage: dataUrl });
    this.choose({ kind: 'custom' });
    if (!saved) this.#set({ notice: 'not_saved' });
  }

  /** Processing runs (the model loaded). */
  started(): void {
    if (this.#state.loading) this.#set({ loading: false });
  }

  /**
   * The device cannot keep up, or processing failed: back to the raw camera, and remembered as
   * off so the next call does not start slow again; the person is told why.
   */
  turnOff(notice: 'too_slow' | 'failed'): void {
    if (this.#storage) saveChoice(this.#storage, NO_BACKGROUND);
    this.#set({ choice: NO_BACKGROUND, loading: false, notice });
  }

  dismissNotice(): void {
    if (this.#state.notice) this.#set({ notice: null });
  }
}

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (a privacy setting): choices last for the page only
  }
}

let shared: BackgroundStore | null = null;

/** This browser's store, created on first use (it reads localStorage). */
export function backgroundStore(): BackgroundStore {
  shared ??= new BackgroundStore(browserStorage());
  return shared;
}
