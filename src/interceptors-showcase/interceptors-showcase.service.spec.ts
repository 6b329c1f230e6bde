import { InterceptorsShowcaseService } from './interceptors-showcase.service';

describe(InterceptorsShowcaseService.name, () => {
  const sut = new InterceptorsShowcaseService();

  describe('wait', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('should answer ms after the time given, not after the call: the time-out counts from there', () => {
      const since = performance.now();
      jest.advanceTimersByTime(3); // the pipes ran meanwhile
      const next = jest.fn();

      sut.wait(10, since).subscribe(next);

      jest.advanceTimersByTime(6);
      expect(next).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(next).toHaveBeenCalledWith({ waited: 10 });
    });

    it('should answer ms after the call without a time given', () => {
      const next = jest.fn();

      sut.wait(10).subscribe(next);

      jest.advanceTimersByTime(9);
      expect(next).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(next).toHaveBeenCalledWith({ waited: 10 });
    });
  });
});
