/**
 * Label values as they come, up to `max` distinct ones; any value first seen after that is counted under
 * `overflow`. A label whose values a client chooses (an operation name) then adds at most max + 1 series.
 */
export class BoundedLabelValues {
  private readonly seen = new Set<string>();

  constructor(
    private readonly max: number,
    private readonly overflow = 'other',
  ) {}

  label(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.max) return this.overflow;
    this.seen.add(value);
    return value;
  }
}
