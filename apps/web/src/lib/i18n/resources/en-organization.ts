/** English text of the organisation and profile pages (Canadian spelling; see en.ts). */
export const enOrganization = {};
