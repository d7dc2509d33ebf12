// The home page the server describes or draws and the sitemap's paths (docs/decisions/032); it has
// no routes of its own: app.ts hands them to the web plugin and the SEO routes.
export { homePage, listSitemapPaths } from './page-data.ts';
