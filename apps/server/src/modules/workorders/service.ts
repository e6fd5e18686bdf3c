/** Scaffold: work orders (list, one, create, update, release, cancel, delete). */
export {};
