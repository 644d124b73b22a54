/** Printing helpers: sizes in KB (1 KB = 1024 bytes) and plain aligned tables. */

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export const num = (value: number, digits = 0): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Columns are left-aligned except those listed in rightAligned (by index). */
export function table(header: string[], rows: string[][], rightAligned: number[] = []): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        rightAligned.includes(column)
          ? cell.padStart(widths[column] ?? 0)
          : cell.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)]
    .map((text) => `  ${text}`)
    .join('\n');
}

export const heading = (title: string): string =>
  `\n== ${title} ${'='.repeat(Math.max(0, 72 - title.length))}`;

/** A summary's goal cell (issue 19): the goal as the issue states it, then whether the figure meets it. */
export const goal = (text: string, met: boolean): string => `${text}: ${met ? 'met' : 'NOT met'}`;
