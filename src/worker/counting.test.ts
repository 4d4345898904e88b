import { describe, expect, it } from 'vitest';
import type { Message } from '../core/message';
import { excerptsOf } from './counting';

const message = (carried?: Message['carried']): Message => ({ id: 'm', role: 'user', content: 'x', carried });

describe('excerptsOf', () => {
  it('says nothing of a transcript whose messages all carry their whole text', () => {
    expect(excerptsOf([message(), message()])).toEqual({});
  });

  it('marks the messages a link carried without their text, or with a part of it, by index', () => {
    const messages = [
      message(),
      message({ tokens: 40, excerpt: 'none' }),
      message({ tokens: 12 }),
      message({ tokens: 900, excerpt: 'part' }),
    ];
    expect(excerptsOf(messages)).toEqual({ excerpts: { 1: 'none', 3: 'part' } });
  });

  it('gives an empty mark list when carried counts came with every text whole', () => {
    // The page then knows the counts were carried, and that no text is missing.
    expect(excerptsOf([message({ tokens: 3 })])).toEqual({ excerpts: {} });
  });
});
