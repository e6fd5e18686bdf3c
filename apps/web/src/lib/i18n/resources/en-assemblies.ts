/** English text of the assemblies feature (Canadian spelling; see en.ts). */
export const enAssemblies = {};
