/** Milliseconds with one decimal below 10, whole above. */
export const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

/** Prints a table under `title`: a label column, then one column per head, each as wide as its widest cell. */
export function printColumns(title: string, heads: string[], lines: [label: string, cells: string[]][]): void {
  const labelWidth = Math.max(...lines.map(([label]) => label.length)) + 2;
  const widths = heads.map((head, i) => Math.max(head.length, ...lines.map(([, cells]) => cells[i]!.length)) + 3);
  const row = (label: string, cells: string[]) => label.padEnd(labelWidth) + cells.map((cell, i) => cell.padEnd(widths[i]!)).join('');
  console.log(`\n${title}\n`);
  console.log(row('', heads));
  console.log('-'.repeat(labelWidth + widths.reduce((a, b) => a + b, 0)));
  for (const [label, cells] of lines) console.log(row(label, cells));
}
