/** The assembly drawing as plain SVG (filled in by its feature). */
export {};
