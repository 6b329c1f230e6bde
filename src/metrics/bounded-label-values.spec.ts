import { BoundedLabelValues } from './bounded-label-values';

describe(BoundedLabelValues.name, () => {
  it('should keep the first distinct values, then answer the overflow label for new ones', () => {
    const labels = new BoundedLabelValues(2, 'other');

    expect(['a', 'b', 'a', 'c', 'b', 'd'].map((value) => labels.label(value))).toEqual([
      'a',
      'b',
      'a',
      'other',
      'b',
      'other',
    ]);
  });
});
