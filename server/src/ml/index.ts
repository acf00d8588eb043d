/**
 * The ML pipeline as other workspace packages use it (the bench: `@nivesh/server/ml`): the
 * training rows, training in a worker, the ensemble and its features, and the paper account's
 * default charges the labels are after.
 */
export { buildDataset } from './dataset.js';
export { trainInWorker } from './trainer.js';
export { Ensemble } from './ensemble.js';
export { featuresOf } from './features.js';
export { computeIndicators, indicatorSeries, realisedVolatility } from '../research/indicators.js';
export { costSettingsOf, DEFAULT_PAPER_SETTINGS } from '../paper/settings.js';
