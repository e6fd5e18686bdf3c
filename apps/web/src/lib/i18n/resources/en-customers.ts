/** English text of the customers feature (Canadian spelling; see en.ts). */
export const enCustomers = {};
