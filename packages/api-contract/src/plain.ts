/**
 * `@nivesh/api-contract/plain`: the contract's constants and pure functions that need no zod (page
 * paths, the remotes' names, exposed modules and catalogue paths, `fillPath`, India-time formatting, the ML feature labels, the settings
 * forms' field rules). The
 * landing path (the shell's router and route table, @nivesh/ui, the landing page) imports these
 * from here, so a visitor's first page does not download the other domains' schemas; the signed-in
 * parts load the whole contract. Same source as the main entry, re-exported, not copied.
 */
export * from './pages';
export * from './remoteNames';
export * from './time';
export * from './mlFeatureLabels';
export * from './fieldRules';
export { fillPath } from './route';
