/** The performance page's messages (specification part 2, sections 7 and 8). */
export const SERVICE_NOT_CONNECTED = 'Performance service not connected';
export const DATA_NOT_AVAILABLE = 'Performance data not available';
