/** Automated execution: its status and switch, and the decision log. */
export { AutomationPanel } from './AutomationPanel';
export { DecisionsPanel } from './DecisionsPanel';
