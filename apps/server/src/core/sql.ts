/** LIKE pattern for "contains", with LIKE's wildcards typed by the user taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
