/** The committed generated files that regenerating would change (paths in packages/shared). */
export declare const staleFiles: () => Promise<string[]>;
