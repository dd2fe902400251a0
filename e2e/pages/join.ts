import { expect, type Locator, type Page } from '@playwright/test';

/** /j/:alias before joining: name, passcode, camera and microphone. */
export class PreJoinPage {
  constructor(readonly page: Page) {}

  async goto(link: string): Promise<void> {
    await this.page.goto(link);
    await expect(this.joinButton).toBeVisible();
  }

  get displayName(): Locator {
    return this.page.getByLabel('Your name');
  }
  get passcode(): Locator {
    return this.page.getByLabel('Passcode', { exact: true });
  }
  get joinButton(): Locator {
    return this.page.getByRole('button', { name: 'Join in browser' });
  }
  get continueWithoutButton(): Locator {
    return this.page.getByRole('button', { name: 'Continue without mic and camera' });
  }
  get cameraOn(): Locator {
    return this.page.getByRole('button', { name: 'Turn on camera' });
  }
  get cameraOff(): Locator {
    return this.page.getByRole('button', { name: 'Turn off camera' });
  }
  get microphoneOn(): Locator {
    return this.page.getByRole('button', { name: 'Turn on microphone' });
  }
  get microphoneOff(): Locator {
    return this.page.getByRole('button', { name: 'Turn off microphone' });
  }
  get preview(): Locator {
    return this.page.getByLabel('Camera preview');
  }
  get micLevel(): Locator {
    return this.page.getByRole('meter', { name: 'Microphone level' });
  }

  /** Frames the preview <video> has decoded so far. */
  async decodedFrames(): Promise<number> {
    return this.preview.evaluate(
      (video) => (video as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames,
    );
  }
}
