export { OrderTicket } from './OrderTicket';
export { type OrderTicketPrefill } from './orderForm';
