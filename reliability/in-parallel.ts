/** Runs `work` over 0…count−1, `width` at a time; the results in that order. */
export async function inParallel<T>(count: number, width: number, work: (n: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const n = next++;
        results[n] = await work(n);
      }
    }),
  );
  return results;
}
