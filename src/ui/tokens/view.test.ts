import { describe, expect, it } from 'vitest';
import { full } from './testSupport.node';
import { boundaryAtX, clampView, panView, xOfBoundary, zoomView } from './view';

describe('x ↔ message mapping', () => {
  it('puts boundary i at i/n of the width in the full view', () => {
    expect(xOfBoundary(full, 1000, 0)).toBe(0);
    expect(xOfBoundary(full, 1000, 3)).toBe(300);
    expect(xOfBoundary(full, 1000, 10)).toBe(1000);
    expect(xOfBoundary({ from: 4, to: 8 }, 400, 5)).toBe(100);
  });

  it('reads the fractional boundary under x, clamped to the view', () => {
    expect(boundaryAtX(full, 1000, 350)).toBe(3.5);
    expect(boundaryAtX(full, 1000, -20)).toBe(0);
    expect(boundaryAtX(full, 1000, 5000)).toBe(10);
    expect(boundaryAtX({ from: 4, to: 8 }, 400, 150)).toBe(5.5);
  });
});

describe('zoom and pan', () => {
  it('zooms around the anchor, which keeps its place', () => {
    expect(zoomView({ from: 0, to: 100 }, 100, 50, 0.5, 20)).toEqual({ from: 25, to: 75 });
    expect(zoomView({ from: 0, to: 100 }, 100, 90, 0.5, 20)).toEqual({ from: 45, to: 95 });
    expect(zoomView({ from: 0, to: 100 }, 100, 100, 0.5, 20)).toEqual({ from: 50, to: 100 });
  });

  it('stops at the minimum span and at the whole transcript', () => {
    expect(zoomView({ from: 0, to: 100 }, 100, 50, 0.01, 20)).toEqual({ from: 40, to: 60 });
    expect(zoomView({ from: 25, to: 75 }, 100, 50, 4, 20)).toEqual({ from: 0, to: 100 });
    expect(zoomView({ from: 0, to: 10 }, 10, 5, 0.5, 20)).toEqual({ from: 0, to: 10 });
  });

  it('pans without leaving the transcript', () => {
    expect(panView({ from: 25, to: 75 }, 100, 10)).toEqual({ from: 35, to: 85 });
    expect(panView({ from: 25, to: 75 }, 100, 40)).toEqual({ from: 50, to: 100 });
    expect(panView({ from: 25, to: 75 }, 100, -100)).toEqual({ from: 0, to: 50 });
  });

  it('repairs a stored view after the transcript changed', () => {
    expect(clampView(null, 0)).toEqual({ from: 0, to: 1 });
    expect(clampView(null, 40)).toEqual({ from: 0, to: 40 });
    expect(clampView({ from: 90, to: 120 }, 100)).toEqual({ from: 70, to: 100 });
    expect(clampView({ from: 5, to: 8 }, 100, 20)).toEqual({ from: 5, to: 25 });
  });
});
