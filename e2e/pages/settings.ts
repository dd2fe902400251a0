import { expect, type Page } from '@playwright/test';

/** The account settings page (/app/settings), found as a person finds it: by names. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/app/settings');
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  section(name: string | RegExp) {
    return this.page.getByRole('region', { name });
  }

  async expectSaved(text = 'Saved successfully'): Promise<void> {
    await expect(this.page.getByText(text).last()).toBeVisible();
  }

  switch(name: string) {
    return this.page.getByRole('switch', { name, exact: true });
  }
}
