/**
 * @nivesh/api-contract/testing: factories of valid answers for tests, one per shape, each checked
 * against the contract's schema (a test that builds an invalid one fails at once, naming the field).
 * `makeX(overrides)` replaces top-level fields; handlers for them are `mockRoute` in
 * @nivesh/api-client/testing.
 */
export * from './fixture';
export * from './backtests';
export * from './allocation';
export * from './broker';
export * from './market';
export * from './ml';
export * from './ops';
export * from './orders';
export * from './performance';
export * from './portfolio';
export * from './research';
export * from './risk';
export * from './trading';
