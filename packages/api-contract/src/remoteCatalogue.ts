/**
 * `@nivesh/api-contract/remotes`: what the shell needs before its first page (the remote catalogue,
 * GET /api/remotes, and the load and failure reports): the remotes' schemas and routes, without the
 * other domains' schemas. Same source as the main entry, re-exported, not copied.
 */
export * from './remotes';
export * from './remoteNames';
export { fillPath } from './route';
