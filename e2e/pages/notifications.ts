import { expect, type Locator, type Page } from '@playwright/test';

/** The notification center in the app header: the bell, its badge and the popover list. */
export class NotificationCenter {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The bell; its accessible name carries the unread count ("Notifications, 2 unread"). */
  get bell(): Locator {
    return this.page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Notifications' });
  }

  async expectUnread(count: number): Promise<void> {
    const name = count === 0 ? 'Notifications' : `Notifications, ${count} unread`;
    await expect(this.page.getByRole('button', { name, exact: true })).toBeVisible();
  }

  async open(): Promise<Locator> {
    if (!(await this.dialog.isVisible())) await this.bell.click();
    await expect(this.dialog).toBeVisible();
    return this.dialog;
  }

  /** The list entry whose title is `title`. */
  item(title: string): Locator {
    return this.dialog.getByRole('listitem').filter({ hasText: title });
  }

  async markRead(title: string): Promise<void> {
    await this.item(title).getByRole('button', { name: 'Mark as read' }).click();
  }

  async remove(title: string): Promise<void> {
    await this.item(title).getByRole('button', { name: 'Delete notification' }).click();
  }
}
