/** English text of the currencies (Canadian spelling; see en.ts). */
export const enCurrencies = {
  placeholder: '',
};
