import { describe, expect, it } from 'vitest';
import { calibrate, settableScale } from './calibration';

describe("a provider's count against our estimate", () => {
  it('gives the scale that turns the estimate into the count, to three decimals', () => {
    expect(calibrate(1_160, 1_000)).toEqual({ providerTokens: 1_160, estimatedTokens: 1_000, scale: 1.16 });
    expect(calibrate(130_834 * 1.3, 130_834).scale).toBe(1.3);
    expect(calibrate(2, 3).scale).toBe(0.667);
  });

  it('gives 1 when there is nothing to compare', () => {
    expect(calibrate(5, 0).scale).toBe(1);
  });

  it('keeps a scale the settings would refuse within 0.5–1.5', () => {
    expect([settableScale(1.234), settableScale(2.4), settableScale(0.1)]).toEqual([1.234, 1.5, 0.5]);
  });
});
