/** `values` cut into runs of `size`, in order; the last may be shorter. */
export function chunked<T>(values: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < values.length; start += size) runs.push(values.slice(start, start + size));
  return runs;
}
