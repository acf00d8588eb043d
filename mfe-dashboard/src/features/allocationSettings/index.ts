/** The daily allocation settings form, shared by the Daily Allocation page and the Settings page. */
export { AllocationSettingsForm } from './AllocationSettingsForm';
export { ALLOCATION_UNAVAILABLE_TEXT, SAVE_CONFIRMATION_TEXT, SAVE_FAILED_TEXT } from './allocationForm';
