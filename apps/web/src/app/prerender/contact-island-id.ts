/** The mark of the pre-rendered contact form's container, and its root's `useId` prefix. */
export const CONTACT_ISLAND = 'data-island="contact"';
export const CONTACT_ID_PREFIX = 'contact-';
