/** The daily allocation settings form, shared by the Daily Allocation page and the Settings page. */
export { AllocationSettingsForm } from './AllocationSettingsForm';
