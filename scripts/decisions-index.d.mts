// Types of decisions-index.mjs, for the test that imports it from TypeScript.
export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  summary: string | undefined;
  lineCount: number;
}
export const DECISIONS_DIR: string;
export const INDEX_FILE: string;
export const MAX_RECORD_LINES: number;
export function decisionSummary(text: string): string | undefined;
export function readRecords(dir?: string): DecisionRecord[];
export function renderIndex(records: DecisionRecord[]): string;
