import fs from 'node:fs/promises';
import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** /app/conferences/add and /app/conferences/:id/edit. */
export class EventFormPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/app/conferences/add');
    await expect(this.page.getByRole('heading', { name: 'New event' })).toBeVisible();
  }

  get title(): Locator {
    return this.page.getByLabel('Title', { exact: true });
  }
  get passcode(): Locator {
    return this.page.getByLabel('Passcode', { exact: true });
  }
  get requirePasscode(): Locator {
    return this.page.getByRole('checkbox', { name: 'Require the passcode to join' });
  }

  async create({
    title,
    passcode,
  }: {
    title: string;
    passcode?: string;
  }): Promise<EventDetailPage> {
    await this.title.fill(title);
    if (passcode) {
      // The passcode field appears once the requirement is turned on (off for a new event).
      await this.requirePasscode.check();
      await this.passcode.fill(passcode);
    }
    await this.page.getByRole('button', { name: 'Create event' }).click();
    await expect(this.page.getByText('Create successfully')).toBeVisible();
    await expect(this.page).toHaveURL(/\/app\/conferences\/[0-9a-f-]{36}$/);
    const detail = new EventDetailPage(this.page);
    await expect(detail.heading(title)).toBeVisible();
    return detail;
  }
}

/** /app/conferences/:id */
export class EventDetailPage {
  constructor(readonly page: Page) {}

  heading(title: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: title });
  }
  get inviteLinkField(): Locator {
    return this.page.getByLabel('Invite link', { exact: true });
  }
  get copyButton(): Locator {
    return this.page.getByRole('button', { name: 'Copy invite link' });
  }
  get copiedButton(): Locator {
    return this.page.getByRole('button', { name: 'Copied' });
  }

  async inviteLink(): Promise<string> {
    return this.inviteLinkField.inputValue();
  }

  /** Clicks a button that downloads a file and returns the file's bytes and name. */
  async download(buttonName: string): Promise<{ name: string; bytes: Buffer; download: Download }> {
    const pending = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: buttonName }).click();
    const download = await pending;
    const file = await download.path();
    return { name: download.suggestedFilename(), bytes: await fs.readFile(file), download };
  }
}
