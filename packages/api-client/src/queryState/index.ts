export * from './queryView';
