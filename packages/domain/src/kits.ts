/** The kits contracts and rules (filled in by its feature). */
export {};
