export const NAV_ITEMS = [
  { to: '/', key: 'home' },
  { to: '/trips', key: 'trips' },
  { to: '/visa', key: 'visa' },
  { to: '/jobs', key: 'jobs' },
  { to: '/contact', key: 'contact' },
] as const;
