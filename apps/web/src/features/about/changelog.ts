/** What's new, newest release first; the first entry is the version in apps/web/package.json. */
export interface Release {
  version: string;
  /** i18n keys of the release's changes. */
  changes: readonly string[];
}

export const CHANGELOG: readonly Release[] = [
  {
    version: '0.1.0',
    changes: [
      'about.update.changes.calls',
      'about.update.changes.events',
      'about.update.changes.e2ee',
      'about.update.changes.chat',
      'about.update.changes.qr',
      'about.update.changes.phone',
      'about.update.changes.a11y',
    ],
  },
];
