// Lighthouse CI budgets (issue 15): accessibility and best practices on the pages a new person
// meets first. e2e/alone/lighthouse.spec.ts runs `lhci collect` and `lhci assert` with this file
// against the browser suite's server, so it is part of `npm test`; the spec passes the URLs and
// Debian's Chromium with the test switches. One run per URL; nothing is downloaded or uploaded.
module.exports = {
  ci: {
    collect: {
      numberOfRuns: 1,
      settings: {
        onlyCategories: ['accessibility', 'best-practices'],
        // Desktop: the phone layout has its own spec (e2e/alone/phone.spec.ts).
        preset: 'desktop',
      },
    },
    assert: {
      assertions: {
        'categories:accessibility': ['error', { minScore: 0.95 }],
        'categories:best-practices': ['error', { minScore: 0.95 }],
      },
    },
  },
};
