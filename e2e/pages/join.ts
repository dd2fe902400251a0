import { expect, type Locator, type Page } from '@playwright/test';

/** /j/:alias before joining: name, camera and microphone, and the passcode modal. */
export class PreJoinPage {
  constructor(readonly page: Page) {}

  async goto(link: string): Promise<void> {
    await this.page.goto(link);
    await expect(this.joinButton).toBeVisible();
  }

  get displayName(): Locator {
    return this.page.getByLabel('Your name');
  }
  /** Opened by either join button when the event asks a guest for its passcode. */
  get passcodeDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Enter the meeting passcode' });
  }
  get passcode(): Locator {
    return this.passcodeDialog.getByLabel('Passcode', { exact: true });
  }
  get passcodeJoinButton(): Locator {
    return this.passcodeDialog.getByRole('button', { name: 'Join', exact: true });
  }
  get passcodeCancelButton(): Locator {
    return this.passcodeDialog.getByRole('button', { name: 'Cancel', exact: true });
  }

  /** Types `passcode` in the open passcode modal and submits it. */
  async submitPasscode(passcode: string): Promise<void> {
    await this.passcode.fill(passcode);
    await this.passcodeJoinButton.click();
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
