export const NAV_ITEMS = [
  { to: '/', key: 'home' },
  { to: '/trips', key: 'trips' },
  { to: '/visa', key: 'visa' },
  { to: '/jobs', key: 'jobs' },
] as const;
