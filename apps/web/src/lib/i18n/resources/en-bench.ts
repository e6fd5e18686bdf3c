/** English text of the bench: building the units of a work order step by step (Canadian spelling; see en.ts). */
export const enBench = {
  title: 'Build',
};
