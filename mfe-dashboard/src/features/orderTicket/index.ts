export { OrderTicket, orderModeLabel, ORDER_NETWORK_ERROR, type OrderTicketProps } from './OrderTicket';
export { CHARGE_LABELS } from './OrderEstimate';
export { initialDraft, toOrderRequest, type OrderDraft, type OrderTicketPrefill } from './orderForm';
export { PREVIEW_DEBOUNCE_MS } from './useOrderPreview';
